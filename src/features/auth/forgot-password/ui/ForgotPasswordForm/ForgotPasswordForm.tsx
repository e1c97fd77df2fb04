import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { object } from 'yup';

import { emailSchema, useForgotPasswordMutation } from '@/entities/user';
import { ApiForm, FormikTextField, SubmitButton } from '@/shared/ui';

import styles from './ForgotPasswordForm.module.css';

interface Values {
  email: string;
}

export interface ForgotPasswordFormProps {
  /** Called once the request went through, whether or not the account exists. */
  readonly onSent: () => void;
}

/** Asks for a reset link by email. The answer never tells whether the account exists. */
export function ForgotPasswordForm({ onSent }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const [forgotPassword] = useForgotPasswordMutation();
  const schema = useMemo(() => object({ email: emailSchema(t) }), [t]);

  return (
    <ApiForm<Values, unknown>
      initialValues={{ email: '' }}
      validationSchema={schema}
      label={t('auth.forgot.title')}
      className={styles.form}
      request={(values) => forgotPassword({ email: values.email.trim() })}
      onSuccess={onSent}
    >
      <FormikTextField label={t('auth.fields.email')} name="email" type="email" autoComplete="email" inputMode="email" required />
      <SubmitButton submitting={t('auth.forgot.submitting')}>{t('auth.forgot.submit')}</SubmitButton>
    </ApiForm>
  );
}
