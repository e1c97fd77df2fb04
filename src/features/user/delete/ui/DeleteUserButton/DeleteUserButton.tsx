import { useTranslation } from 'react-i18next';

import { useDeleteUserMutation, type User } from '@/entities/user';
import { ConfirmDeleteButton } from '@/shared/ui';
import { contractText } from '@/shared/i18n';

export interface DeleteUserButtonProps {
  readonly user: User;
  /** One's own account: the button is disabled and says why (the server refuses it too). */
  readonly isSelf: boolean;
  /** After the account is gone (and a toast said so), e.g. back to the list. */
  readonly onDeleted: () => void;
}

/** Deletes an account after asking; a refusal from the server shows in the dialog. */
export function DeleteUserButton({ user, isSelf, onDeleted }: DeleteUserButtonProps) {
  const { t } = useTranslation();
  const [deleteUser] = useDeleteUserMutation();
  return (
    <ConfirmDeleteButton
      label={t('users.actions.delete')}
      disabled={isSelf}
      hint={isSelf ? contractText('user.ownDelete') : undefined}
      question={t('users.deleteDialog.title', { email: user.email })}
      description={t('users.deleteDialog.text')}
      confirmLabel={t('users.deleteDialog.confirm')}
      keepLabel={t('users.deleteDialog.keep')}
      onDelete={() => deleteUser({ email: user.email, version: user.version })}
      deletedMessage={t('users.deleted', { email: user.email })}
      onDeleted={onDeleted}
    />
  );
}
