import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { object } from 'yup';

import { emailSchema, useForgotPasswordMutation } from '@/entities/user';
import { applyApiErrorToForm, type FormStatus } from '@/shared/api';
import { Button, FormAlert, FormikTextField } from '@/shared/ui';

import styles from './ForgotPasswordForm.module.css';

interface Values {
  email: string;
}

const FIELDS = ['email'] as const;

export interface ForgotPasswordFormProps {
  /** Called once the request went through, whether or not the account exists. */
  readonly onSent: () => void;
}

/** Asks for a reset link by email. The answer never tells whether the account exists. */
export function ForgotPasswordForm({ onSent }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const [forgotPassword] = useForgotPasswordMutation();
  const schema = useMemo(() => object({ email: emailSchema(t) }), [t]);

  const submit = async (values: Values, form: FormikHelpers<Values>) => {
    form.setStatus({});
    try {
      await forgotPassword({ email: values.email.trim() }).unwrap();
      onSent();
    } catch (error) {
      applyApiErrorToForm(error, form, FIELDS, { 429: t('errors.rateLimited') });
    }
  };

  return (
    <Formik<Values> initialValues={{ email: '' }} validationSchema={schema} onSubmit={submit}>
      {({ status, isSubmitting }) => {
        const formError = (status as FormStatus | undefined)?.formError;
        return (
          <Form noValidate className={styles.form} aria-label={t('auth.forgot.title')}>
            {formError ? <FormAlert>{formError}</FormAlert> : null}
            <FormikTextField
              label={t('auth.fields.email')}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
            />
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
            </Button>
          </Form>
        );
      }}
    </Formik>
  );
}
