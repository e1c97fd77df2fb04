import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { NewPasswordFields, newPasswordSchema, type NewPasswordValues, usePatchMeMutation } from '@/entities/user';
import { ApiForm, SubmitButton } from '@/shared/ui';

import styles from './PasswordForm.module.css';

export interface PasswordFormProps {
  /** The account's email: the password may not be it. */
  readonly email: string;
}

/** Changes the signed-in user's password. */
export function PasswordForm({ email }: PasswordFormProps) {
  const { t } = useTranslation();
  const [patchMe] = usePatchMeMutation();
  const schema = useMemo(() => newPasswordSchema(t, email), [t, email]);

  return (
    <ApiForm<NewPasswordValues, unknown>
      initialValues={{ password: '', passwordConfirm: '' }}
      validationSchema={schema}
      label={t('account.password.title')}
      className={styles.form}
      request={(values) => patchMe({ password: values.password })}
      onSuccess={(_user, _values, form) => {
        // A saved password is not left in the fields; the confirmation replaces it.
        form.resetForm({ status: { formSuccess: t('account.password.saved') } });
      }}
    >
      <NewPasswordFields email={email} />
      <SubmitButton>{t('account.password.submit')}</SubmitButton>
    </ApiForm>
  );
}
