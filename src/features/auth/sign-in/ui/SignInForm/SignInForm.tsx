import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';

import { useObtainTokenMutation } from '@/entities/auth';
import { emailSchema } from '@/entities/user';
import { LIMITS } from '@timberlog/contract';
import { ApiForm, FormikTextField, SubmitButton } from '@/shared/ui';

import styles from './SignInForm.module.css';

interface Values {
  email: string;
  password: string;
}

export interface SignInFormProps {
  /** Called once the tokens are stored. */
  readonly onSignedIn: () => void;
}

/** Email and password for a session; a failure keeps what was typed and says why at the top. */
export function SignInForm({ onSignedIn }: SignInFormProps) {
  const { t } = useTranslation();
  const [obtainToken] = useObtainTokenMutation();
  const schema = useMemo(
    () =>
      object({
        email: emailSchema(t),
        password: string()
          .required(t('auth.validation.passwordRequired'))
          .max(LIMITS.passwordMaxLength, t('auth.validation.tooLong', { limit: LIMITS.passwordMaxLength })),
      }),
    [t],
  );

  return (
    <ApiForm<Values, unknown>
      initialValues={{ email: '', password: '' }}
      validationSchema={schema}
      label={t('auth.login.submit')}
      className={styles.form}
      request={(values) => obtainToken({ email: values.email.trim(), password: values.password })}
      messagesByStatus={{ 401: t('auth.login.invalidCredentials') }}
      onSuccess={onSignedIn}
    >
      <FormikTextField
        label={t('auth.fields.email')}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
      />
      <FormikTextField
        label={t('auth.fields.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <SubmitButton submitting={t('auth.login.submitting')}>{t('auth.login.submit')}</SubmitButton>
    </ApiForm>
  );
}
