import { useTranslation } from 'react-i18next';

import { useDeleteWaybillMutation, type Waybill } from '@/entities/waybill';
import { ConfirmDeleteButton } from '@/shared/ui';

export interface DeleteWaybillButtonProps {
  readonly waybill: Waybill;
  /** After the waybill is gone (and a toast said so), e.g. back to the list. */
  readonly onDeleted: () => void;
}

/** Deletes a draft waybill after asking; a refusal shows in the dialog, where the user looks. */
export function DeleteWaybillButton({ waybill, onDeleted }: DeleteWaybillButtonProps) {
  const { t } = useTranslation();
  const [deleteWaybill] = useDeleteWaybillMutation();
  return (
    <ConfirmDeleteButton
      label={t('waybills.actions.delete')}
      question={t('waybills.deleteDialog.title', { number: waybill.number })}
      description={t('waybills.deleteDialog.text')}
      confirmLabel={t('waybills.deleteDialog.confirm')}
      keepLabel={t('waybills.deleteDialog.keep')}
      onDelete={() => deleteWaybill({ number: waybill.number, version: waybill.version })}
      deletedMessage={t('waybills.deleted', { number: waybill.number })}
      onDeleted={onDeleted}
    />
  );
}
