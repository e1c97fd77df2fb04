import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { string } from 'yup';

import { useObtainTokenMutation } from '@/entities/auth';
import { NewPasswordFields, newPasswordSchema, type NewPasswordValues, usePatchMeMutation } from '@/entities/user';
import { LIMITS } from '@timberlog/contract';
import { ApiForm, FormikTextField, SubmitButton } from '@/shared/ui';

import styles from './PasswordForm.module.css';

interface Values extends NewPasswordValues {
  currentPassword: string;
}

export interface PasswordFormProps {
  /** The account's email: the password may not be it. */
  readonly email: string;
  /** The account's version as read: the change is made over it (If-Match). */
  readonly version: number;
}

/** Changes the signed-in user's password; the server asks for the current one first. */
export function PasswordForm({ email, version }: PasswordFormProps) {
  const { t } = useTranslation();
  const [patchMe] = usePatchMeMutation();
  const [obtainToken] = useObtainTokenMutation();
  const schema = useMemo(
    () =>
      newPasswordSchema(t, email).shape({
        currentPassword: string()
          .required(t('auth.validation.currentPasswordRequired'))
          .max(LIMITS.passwordMaxLength, t('auth.validation.tooLong', { limit: LIMITS.passwordMaxLength })),
      }),
    [t, email],
  );

  return (
    <ApiForm<Values, unknown>
      initialValues={{ currentPassword: '', password: '', passwordConfirm: '' }}
      validationSchema={schema}
      label={t('account.password.title')}
      className={styles.form}
      request={(values) => patchMe({ version, body: { currentPassword: values.currentPassword, password: values.password } })}
      onSuccess={async (_user, values, form) => {
        // A new password ends every session of the account, this one included: this tab signs in
        // again with it, so the user stays where they are. If that fails, the next call signs out.
        await obtainToken({ email, password: values.password })
          .unwrap()
          .catch(() => undefined);
        // A saved password is not left in the fields; the confirmation replaces it.
        form.resetForm({ status: { formSuccess: t('account.password.saved') } });
      }}
    >
      <FormikTextField
        label={t('auth.fields.currentPassword')}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
      />
      <NewPasswordFields email={email} />
      <SubmitButton>{t('account.password.submit')}</SubmitButton>
    </ApiForm>
  );
}
