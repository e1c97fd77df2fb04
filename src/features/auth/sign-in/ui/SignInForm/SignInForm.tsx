import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';

import { useObtainTokenMutation } from '@/entities/auth';
import { emailSchema } from '@/entities/user';
import { applyApiErrorToForm, type FormStatus } from '@/shared/api';
import { LIMITS } from '@timberlog/contract';
import { Button, FormAlert, FormikTextField } from '@/shared/ui';

import styles from './SignInForm.module.css';

interface Values {
  email: string;
  password: string;
}

const FIELDS = ['email', 'password'] as const;

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

  const submit = async (values: Values, form: FormikHelpers<Values>) => {
    form.setStatus({});
    try {
      await obtainToken({ email: values.email.trim(), password: values.password }).unwrap();
      onSignedIn();
    } catch (error) {
      applyApiErrorToForm(error, form, FIELDS, {
        401: t('auth.login.invalidCredentials'),
        429: t('errors.rateLimited'),
      });
    }
  };

  return (
    <Formik<Values> initialValues={{ email: '', password: '' }} validationSchema={schema} onSubmit={submit}>
      {({ status, isSubmitting }) => {
        const formError = (status as FormStatus | undefined)?.formError;
        return (
          <Form noValidate className={styles.form} aria-label={t('auth.login.submit')}>
            {formError ? <FormAlert>{formError}</FormAlert> : null}
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
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
            </Button>
          </Form>
        );
      }}
    </Formik>
  );
}
