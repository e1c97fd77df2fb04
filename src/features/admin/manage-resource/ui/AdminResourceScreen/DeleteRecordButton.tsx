import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { extractApiError, isApiError } from '@/shared/api';
import { Button, ConfirmDialog } from '@/shared/ui';

import { useAdminDeleteMutation } from '../../api/adminApi';
import type { AnyResourceDescription } from '../../model/describe';

export interface DeleteRecordButtonProps {
  readonly description: AnyResourceDescription;
  readonly item: Record<string, unknown>;
  readonly onDeleted: () => void;
}

/** Deletes a record after asking; the server's 400 naming what refers to the record shows in the dialog. */
export function DeleteRecordButton({ description, item, onDeleted }: DeleteRecordButtonProps) {
  const { t } = useTranslation();
  const [remove, { isLoading }] = useAdminDeleteMutation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = String(item[description.keyField]);
  const name = String(item.name ?? item[description.keyField]);

  const confirm = async () => {
    setError(null);
    try {
      await remove({ resource: description.resource, key }).unwrap();
    } catch (failure) {
      setError((isApiError(failure) ? failure : extractApiError(failure)).message);
      return;
    }
    setAsking(false);
    onDeleted();
  };

  // The button sits in a table row that opens the record: clicks and keys in the button and in the
  // dialog (a portal, but a child in React's tree) must not reach the row.
  return (
    <span onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <Button
        variant="minimal"
        size="sm"
        aria-label={t('admin.actions.deleteNamed', { name })}
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
      >
        {t('admin.actions.delete')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('admin.deleteDialog.title', { name })}
        description={t('admin.deleteDialog.text')}
        confirmLabel={t('admin.deleteDialog.confirm')}
        cancelLabel={t('admin.deleteDialog.keep')}
        variant="danger"
        busy={isLoading}
        error={error}
        onConfirm={() => void confirm()}
      />
    </span>
  );
}
