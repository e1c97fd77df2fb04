import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { object } from 'yup';

import { emailSchema, nameSchema, NewPasswordFields, passwordSchema, type User, useSignUpMutation } from '@/entities/user';
import { ApiForm, FormikTextField, SubmitButton } from '@/shared/ui';

import styles from './SignUpForm.module.css';

interface Values {
  email: string;
  name: string;
  password: string;
}

export interface SignUpFormProps {
  /** Called with the new (inactive) account's email. */
  readonly onSignedUp: (email: string) => void;
}

/** Creates an account; it stays inactive until staff activate it. */
export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const { t } = useTranslation();
  const [signUp] = useSignUpMutation();
  const schema = useMemo(() => object({ email: emailSchema(t), name: nameSchema(t), password: passwordSchema(t) }), [t]);

  return (
    <ApiForm<Values, User>
      initialValues={{ email: '', name: '', password: '' }}
      validationSchema={schema}
      label={t('auth.signup.title')}
      className={styles.form}
      request={(values) => signUp({ email: values.email.trim(), name: values.name.trim(), password: values.password })}
      onSuccess={(user) => onSignedUp(user.email)}
    >
      <FormikTextField label={t('auth.fields.name')} name="name" autoComplete="name" required />
      <FormikTextField label={t('auth.fields.email')} name="email" type="email" autoComplete="email" inputMode="email" required />
      <NewPasswordFields repeat={false} label={t('auth.fields.password')} />
      <SubmitButton submitting={t('auth.signup.submitting')}>{t('auth.signup.submit')}</SubmitButton>
    </ApiForm>
  );
}
