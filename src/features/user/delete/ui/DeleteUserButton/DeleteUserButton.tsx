import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useDeleteUserMutation, type User } from '@/entities/user';
import { extractApiError, isApiError } from '@/shared/api';
import { Button, ConfirmDialog } from '@/shared/ui';

export interface DeleteUserButtonProps {
  readonly user: User;
  /** One's own account: the button is disabled and says why (the server refuses it too). */
  readonly isSelf: boolean;
  readonly onDeleted: () => void;
}

/** Deletes an account after asking; a refusal from the server shows in the dialog. */
export function DeleteUserButton({ user, isSelf, onDeleted }: DeleteUserButtonProps) {
  const { t } = useTranslation();
  const [deleteUser, { isLoading }] = useDeleteUserMutation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setError(null);
    try {
      await deleteUser(user.email).unwrap();
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
        disabled={isSelf || isLoading}
        title={isSelf ? t('users.own.delete') : undefined}
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
      >
        {t('users.actions.delete')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('users.deleteDialog.title', { email: user.email })}
        description={t('users.deleteDialog.text')}
        confirmLabel={t('users.deleteDialog.confirm')}
        cancelLabel={t('users.deleteDialog.keep')}
        variant="danger"
        busy={isLoading}
        error={error}
        onConfirm={() => void remove()}
      />
    </>
  );
}
