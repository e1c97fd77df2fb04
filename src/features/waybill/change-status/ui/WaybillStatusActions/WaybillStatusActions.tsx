import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { EvrCheckList, useEvrChecks, usePatchWaybillMutation, type Waybill } from '@/entities/waybill';
import { extractApiError, isApiError } from '@/shared/api';
import { useFormat } from '@/shared/lib/format';
import { Button, ConfirmDialog, TextField } from '@/shared/ui';

import { waybillActions, type CorrectionAction, type StatusAction } from '../../model/statusActions';

export interface WaybillStatusActionsProps {
  readonly waybill: Waybill;
  /** Staff also get the corrections (a delivered waybill back to confirmed, a confirmed one back to draft, with a reason). */
  readonly isStaff?: boolean;
  /** A refused change's error (null when a change starts); the page shows it under its actions. */
  readonly onError: (error: unknown) => void;
}

const VARIANTS = { confirm: 'primary', deliver: 'safe', cancel: 'danger' } as const;

/** Where each correction's dialog texts are (waybills.*). */
const CORRECTION_TEXTS: Readonly<Record<CorrectionAction, string>> = {
  returnToConfirmed: 'waybills.correctDialog',
  returnToDraft: 'waybills.draftDialog',
};

/** The server's words for a refused change: its message, or its messages about the status (or reason) field. */
const refusal = (error: unknown, t: (key: string) => string): string => {
  const apiError = isApiError(error) ? error : extractApiError(error);
  // Someone changed the waybill meanwhile: the page now shows it as it is; say so.
  if (apiError.status === 412) return `${apiError.message} ${t('waybills.actions.changedMeanwhile')}`;
  const fieldMessages = Object.values(apiError.fieldErrors);
  return apiError.hasMessage || fieldMessages.length === 0 ? apiError.message : fieldMessages.join(' ');
};

type Asking = StatusAction | CorrectionAction | null;

/**
 * The status changes the waybill's status allows, each asked first with what it means: Confirm
 * (listing what EVR still needs, if anything, with the way to the form), Mark delivered and
 * Cancel; for staff, Return to confirmed or to draft with a required reason.
 */
export function WaybillStatusActions({ waybill, isStaff = false, onError }: WaybillStatusActionsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [patchWaybill, { isLoading }] = usePatchWaybillMutation();
  const [asking, setAsking] = useState<Asking>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const { statusChanges, corrections } = waybillActions(waybill.status, { isStaff });
  const navigate = useNavigate();
  // What confirming still needs (the contract's evrReadiness, as the server checks it).
  const { checks, missing } = useEvrChecks(waybill);

  const ask = (action: Exclude<Asking, null>) => {
    setDialogError(null);
    setReason('');
    setReasonError(undefined);
    setAsking(action);
  };

  /** Sends the change; a refusal shows where the user is looking: in the dialog, or under the page's actions. */
  const send = async (to: Waybill['status'], extra: { readonly reason?: string } = {}): Promise<boolean> => {
    onError(null);
    setDialogError(null);
    try {
      await patchWaybill({ number: waybill.number, version: waybill.version, body: { status: to, ...extra } }).unwrap();
      setAsking(null);
      return true;
    } catch (error) {
      if (asking) setDialogError(refusal(error, t));
      else onError(error);
      return false;
    }
  };

  const quantity = format.quantity(waybill.quantity, waybill.unit);
  return (
    <>
      {statusChanges.map(({ action }) => (
        <Button key={action} variant={VARIANTS[action]} disabled={isLoading} onClick={() => ask(action)}>
          {t(`waybills.actions.${action}`)}
        </Button>
      ))}
      {corrections.map(({ action }) => (
        <Button key={action} variant="secondary" disabled={isLoading} onClick={() => ask(action)}>
          {t(`waybills.actions.${action}`)}
        </Button>
      ))}
      <ConfirmDialog
        open={asking === 'confirm'}
        onOpenChange={(open) => setAsking(open ? 'confirm' : null)}
        title={
          missing
            ? t('waybills.confirmDialog.missingTitle', { number: waybill.number })
            : t('waybills.confirmDialog.title', { number: waybill.number })
        }
        description={missing ? t('waybills.confirmDialog.missingText') : t('waybills.confirmDialog.text')}
        confirmLabel={missing ? t('waybills.confirmDialog.edit') : t('waybills.confirmDialog.confirm')}
        cancelLabel={t('waybills.confirmDialog.keep')}
        busy={isLoading}
        error={dialogError}
        onConfirm={() => (missing ? void navigate(`/waybills/${encodeURIComponent(waybill.number)}/edit`) : void send('confirmed'))}
      >
        {missing ? <EvrCheckList checks={checks} onlyMissing /> : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'deliver'}
        onOpenChange={(open) => setAsking(open ? 'deliver' : null)}
        title={t('waybills.deliverDialog.title', { number: waybill.number })}
        description={t('waybills.deliverDialog.text', {
          quantity,
          assortment: waybill.assortmentName,
          destination: waybill.destinationName,
          company: waybill.destinationCompanyName,
        })}
        confirmLabel={t('waybills.deliverDialog.confirm')}
        cancelLabel={t('waybills.deliverDialog.keep')}
        variant="safe"
        busy={isLoading}
        error={dialogError}
        onConfirm={() => void send('delivered')}
      />
      <ConfirmDialog
        open={asking === 'cancel'}
        onOpenChange={(open) => setAsking(open ? 'cancel' : null)}
        title={t('waybills.cancelDialog.title', { number: waybill.number })}
        description={t('waybills.cancelDialog.text')}
        confirmLabel={t('waybills.cancelDialog.confirm')}
        cancelLabel={t('waybills.cancelDialog.keep')}
        variant="danger"
        busy={isLoading}
        error={dialogError}
        onConfirm={() => void send('cancelled')}
      />
      {corrections.map(({ action, to }) => {
        const texts = CORRECTION_TEXTS[action];
        return (
          <ConfirmDialog
            key={action}
            open={asking === action}
            onOpenChange={(open) => setAsking(open ? action : null)}
            title={t(`${texts}.title`, { number: waybill.number })}
            description={t(`${texts}.text`)}
            confirmLabel={t(`${texts}.confirm`)}
            cancelLabel={t(`${texts}.keep`)}
            busy={isLoading}
            error={dialogError}
            onConfirm={() => {
              if (!reason.trim()) {
                setReasonError(t(`${texts}.reasonRequired`));
                return;
              }
              void send(to, { reason: reason.trim() });
            }}
          >
            <TextField
              name="reason"
              label={t(`${texts}.reason`)}
              value={reason}
              required
              error={reasonError}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(undefined);
              }}
            />
          </ConfirmDialog>
        );
      })}
    </>
  );
}
