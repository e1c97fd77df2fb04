import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useDeleteWaybillMutation, type Waybill } from '@/entities/waybill';
import { extractApiError, isApiError } from '@/shared/api';
import { Button, ConfirmDialog } from '@/shared/ui';

export interface DeleteWaybillButtonProps {
  readonly waybill: Waybill;
  /** After the waybill is gone, e.g. back to the list with a toast. */
  readonly onDeleted: () => void;
}

/** Deletes a draft waybill after asking; a refusal shows in the dialog, where the user looks. */
export function DeleteWaybillButton({ waybill, onDeleted }: DeleteWaybillButtonProps) {
  const { t } = useTranslation();
  const [deleteWaybill, { isLoading }] = useDeleteWaybillMutation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setError(null);
    try {
      await deleteWaybill(waybill.number).unwrap();
    } catch (failure) {
      setError((isApiError(failure) ? failure : extractApiError(failure)).message);
      return;
    }
    setAsking(false);
    onDeleted();
  };

  return (
    <>
      <Button
        variant="danger"
        disabled={isLoading}
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
      >
        {t('waybills.actions.delete')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('waybills.deleteDialog.title', { number: waybill.number })}
        description={t('waybills.deleteDialog.text')}
        confirmLabel={t('waybills.deleteDialog.confirm')}
        cancelLabel={t('waybills.deleteDialog.keep')}
        variant="danger"
        busy={isLoading}
        error={error}
        onConfirm={() => void remove()}
      />
    </>
  );
}
