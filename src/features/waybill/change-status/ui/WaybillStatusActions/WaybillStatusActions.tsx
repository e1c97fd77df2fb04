import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { usePatchWaybillMutation, type Waybill } from '@/entities/waybill';
import { extractApiError, isApiError } from '@/shared/api';
import { Button, ConfirmDialog } from '@/shared/ui';

import { waybillActions, type StatusAction } from '../../model/statusActions';

export interface WaybillStatusActionsProps {
  readonly waybill: Waybill;
  /** A refused change's error (null when a change starts); the page shows it under its actions. */
  readonly onError: (error: unknown) => void;
}

const VARIANTS = { confirm: 'primary', deliver: 'safe', cancel: 'danger' } as const;

/** The server's words for a refused change: its message, or its messages about the status field. */
const refusal = (error: unknown): string => {
  const apiError = isApiError(error) ? error : extractApiError(error);
  const fieldMessages = Object.values(apiError.fieldErrors);
  return apiError.hasMessage || fieldMessages.length === 0 ? apiError.message : fieldMessages.join(' ');
};

/** The status changes the waybill's status allows: Confirm, Mark delivered, and Cancel (asked first). */
export function WaybillStatusActions({ waybill, onError }: WaybillStatusActionsProps) {
  const { t } = useTranslation();
  const [patchWaybill, { isLoading }] = usePatchWaybillMutation();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const { statusChanges } = waybillActions(waybill.status);

  const change = async (action: StatusAction): Promise<boolean> => {
    const target = statusChanges.find((item) => item.action === action);
    if (!target) return false;
    onError(null);
    setCancelError(null);
    try {
      await patchWaybill({ number: waybill.number, body: { status: target.to } }).unwrap();
      return true;
    } catch (error) {
      // Inside the dialog the user looks at the dialog; otherwise at the page's actions.
      if (action === 'cancel') setCancelError(refusal(error));
      else onError(error);
      return false;
    }
  };

  return (
    <>
      {statusChanges.map(({ action }) => (
        <Button
          key={action}
          variant={VARIANTS[action]}
          disabled={isLoading}
          onClick={() => {
            if (action === 'cancel') {
              setCancelError(null);
              setConfirmingCancel(true);
            } else void change(action);
          }}
        >
          {t(`waybills.actions.${action}`)}
        </Button>
      ))}
      <ConfirmDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title={t('waybills.cancelDialog.title', { number: waybill.number })}
        description={t('waybills.cancelDialog.text')}
        confirmLabel={t('waybills.cancelDialog.confirm')}
        cancelLabel={t('waybills.cancelDialog.keep')}
        variant="danger"
        busy={isLoading}
        error={cancelError}
        onConfirm={() => {
          void change('cancel').then((done) => {
            if (done) setConfirmingCancel(false);
          });
        }}
      />
    </>
  );
}
