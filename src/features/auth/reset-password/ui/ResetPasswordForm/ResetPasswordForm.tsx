import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { NewPasswordFields, newPasswordSchema, type NewPasswordValues, useResetPasswordMutation } from '@/entities/user';
import { ApiForm, SubmitButton } from '@/shared/ui';

import styles from './ResetPasswordForm.module.css';

// A bad, used or expired link comes back on `token`, which has no field: it shows at the top.
const FIELDS = ['password'] as const;

export interface ResetPasswordFormProps {
  /** The token from the emailed link. */
  readonly token: string;
  readonly onReset: () => void;
}

/** Sets a new password with the emailed link's token. */
export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const [resetPassword] = useResetPasswordMutation();
  const schema = useMemo(() => newPasswordSchema(t), [t]);

  return (
    <ApiForm<NewPasswordValues, unknown>
      initialValues={{ password: '', passwordConfirm: '' }}
      validationSchema={schema}
      label={t('auth.reset.title')}
      className={styles.form}
      fields={FIELDS}
      request={(values) => resetPassword({ token, password: values.password })}
      onSuccess={onReset}
    >
      <NewPasswordFields />
      <SubmitButton submitting={t('auth.reset.submitting')}>{t('auth.reset.submit')}</SubmitButton>
    </ApiForm>
  );
}
