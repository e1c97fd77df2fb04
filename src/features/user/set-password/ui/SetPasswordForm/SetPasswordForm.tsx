import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { NewPasswordFields, newPasswordSchema, usePatchUserMutation, type NewPasswordValues, type User } from '@/entities/user';
import { ApiForm, SubmitButton } from '@/shared/ui';

import styles from './SetPasswordForm.module.css';

export interface SetPasswordFormProps {
  readonly user: User;
}

/** Staff set a new password on an account (the server's password rules; typed twice). */
export function SetPasswordForm({ user }: SetPasswordFormProps) {
  const { t } = useTranslation();
  const [patchUser] = usePatchUserMutation();
  const schema = useMemo(() => newPasswordSchema(t, user.email), [t, user.email]);

  return (
    <ApiForm<NewPasswordValues, User>
      initialValues={{ password: '', passwordConfirm: '' }}
      validationSchema={schema}
      label={t('users.password.title')}
      className={styles.form}
      fields={['password', 'passwordConfirm']}
      // A new password does not depend on the account's other fields: the latest version known is sent.
      request={(values) => patchUser({ email: user.email, version: user.version, body: { password: values.password } })}
      onSuccess={(_user, _values, form) => {
        // A saved password is not left in the fields; the confirmation replaces it.
        form.resetForm({ status: { formSuccess: t('users.password.saved') } });
      }}
    >
      <NewPasswordFields email={user.email} />
      <div className={styles.actions}>
        <SubmitButton variant="secondary">{t('users.password.submit')}</SubmitButton>
      </div>
    </ApiForm>
  );
}
