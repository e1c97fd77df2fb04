import { useTranslation } from 'react-i18next';

import { ConfirmDeleteButton } from '@/shared/ui';

import { useAdminDeleteMutation } from '../../api/adminApi';
import type { AnyResourceDescription } from '../../model/describe';

export interface DeleteRecordButtonProps {
  readonly description: AnyResourceDescription;
  readonly item: Record<string, unknown>;
  /** After the record is gone (and a toast said so). */
  readonly onDeleted?: () => void;
}

/** Deletes a record after asking; the server's 400 naming what refers to the record shows in the dialog. */
export function DeleteRecordButton({ description, item, onDeleted }: DeleteRecordButtonProps) {
  const { t } = useTranslation();
  const [remove] = useAdminDeleteMutation();
  const key = String(item[description.keyField]);
  const name = String(item.name ?? item[description.keyField]);

  // The button sits in a table row that opens the record: clicks and keys in the button and in the
  // dialog (a portal, but a child in React's tree) must not reach the row.
  return (
    <span onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <ConfirmDeleteButton
        label={t('admin.actions.delete')}
        accessibleLabel={t('admin.actions.deleteNamed', { name })}
        variant="minimal"
        size="sm"
        question={t('admin.deleteDialog.title', { name })}
        description={t('admin.deleteDialog.text')}
        confirmLabel={t('admin.deleteDialog.confirm')}
        keepLabel={t('admin.deleteDialog.keep')}
        onDelete={() => remove({ resource: description.resource, key, version: Number(item.version) })}
        deletedMessage={t('admin.deleted', { name: t(`${description.i18n}.singular`) })}
        onDeleted={onDeleted}
      />
    </span>
  );
}
