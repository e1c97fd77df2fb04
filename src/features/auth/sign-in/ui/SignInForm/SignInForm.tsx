import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppDispatch } from '@/shared/model';
import { ApiForm, FormikTextField, SubmitButton } from '@/shared/ui';

import { obtainSession, preloadSignIn } from '../../api/obtainSession';

import styles from './SignInForm.module.css';

const loadRules = () => import('../../model/signInSchema');

interface Values {
  email: string;
  password: string;
}

export interface SignInFormProps {
  /** Called once the tokens are stored. */
  readonly onSignedIn: () => void;
}

/**
 * Email and password for a session; a failure keeps what was typed and says why at the top.
 * Its rules (yup) and the api layer load when the visitor starts on the form, not with the page.
 */
export function SignInForm({ onSignedIn }: SignInFormProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const loadSchema = useCallback(() => loadRules().then(({ signInSchema }) => signInSchema(t)), [t]);

  return (
    <ApiForm<Values, unknown>
      initialValues={{ email: '', password: '' }}
      loadValidationSchema={loadSchema}
      label={t('auth.login.submit')}
      className={styles.form}
      // Signing in leaves the page once the session arrives; an email typed here is no work to lose.
      guardLeaving={false}
      // The page is the form: the e-mail field has focus when it opens.
      focusFirstField
      onStart={() => {
        preloadSignIn();
        void loadRules();
      }}
      request={(values) => obtainSession(dispatch, { email: values.email.trim(), password: values.password })}
      messagesByStatus={{ 401: t('auth.login.invalidCredentials') }}
      onSuccess={onSignedIn}
    >
      <FormikTextField label={t('auth.fields.email')} name="email" type="email" autoComplete="username" inputMode="email" required />
      <FormikTextField label={t('auth.fields.password')} name="password" type="password" autoComplete="current-password" required />
      <SubmitButton submitting={t('auth.login.submitting')}>{t('auth.login.submit')}</SubmitButton>
    </ApiForm>
  );
}
