import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { object } from 'yup';

import { emailSchema, nameSchema, passwordSchema, useSignUpMutation } from '@/entities/user';
import { applyApiErrorToForm, type FormStatus } from '@/shared/api';
import { LIMITS } from '@timberlog/contract';
import { Button, FormAlert, FormikTextField } from '@/shared/ui';

import styles from './SignUpForm.module.css';

interface Values {
  email: string;
  name: string;
  password: string;
}

const FIELDS = ['email', 'name', 'password'] as const;

export interface SignUpFormProps {
  /** Called with the new (inactive) account's email. */
  readonly onSignedUp: (email: string) => void;
}

/** Creates an account; it stays inactive until staff activate it. */
export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const { t } = useTranslation();
  const [signUp] = useSignUpMutation();
  const schema = useMemo(
    () => object({ email: emailSchema(t), name: nameSchema(t), password: passwordSchema(t) }),
    [t],
  );

  const submit = async (values: Values, form: FormikHelpers<Values>) => {
    form.setStatus({});
    try {
      const user = await signUp({ email: values.email.trim(), name: values.name.trim(), password: values.password }).unwrap();
      onSignedUp(user.email);
    } catch (error) {
      applyApiErrorToForm(error, form, FIELDS, { 429: t('errors.rateLimited') });
    }
  };

  return (
    <Formik<Values> initialValues={{ email: '', name: '', password: '' }} validationSchema={schema} onSubmit={submit}>
      {({ status, isSubmitting }) => {
        const formError = (status as FormStatus | undefined)?.formError;
        return (
          <Form noValidate className={styles.form} aria-label={t('auth.signup.title')}>
            {formError ? <FormAlert>{formError}</FormAlert> : null}
            <FormikTextField
              label={t('auth.fields.name')}
              name="name"
              autoComplete="name"
              required
            />
            <FormikTextField
              label={t('auth.fields.email')}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
            />
            <FormikTextField
              label={t('auth.fields.password')}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              hint={t('auth.passwordHint', { limit: LIMITS.passwordMinLength })}
            />
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('auth.signup.submitting') : t('auth.signup.submit')}
            </Button>
          </Form>
        );
      }}
    </Formik>
  );
}
