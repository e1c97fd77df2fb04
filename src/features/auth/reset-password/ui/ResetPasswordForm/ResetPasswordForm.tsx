import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { newPasswordSchema, type NewPasswordValues, useResetPasswordMutation } from '@/entities/user';
import { applyApiErrorToForm, type FormStatus } from '@/shared/api';
import { LIMITS } from '@timberlog/contract';
import { Button, FormAlert, FormikTextField } from '@/shared/ui';

import styles from './ResetPasswordForm.module.css';

type Values = NewPasswordValues;

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

  const submit = async (values: Values, form: FormikHelpers<Values>) => {
    form.setStatus({});
    try {
      await resetPassword({ token, password: values.password }).unwrap();
      onReset();
    } catch (error) {
      applyApiErrorToForm(error, form, FIELDS, { 429: t('errors.rateLimited') });
    }
  };

  return (
    <Formik<Values> initialValues={{ password: '', passwordConfirm: '' }} validationSchema={schema} onSubmit={submit}>
      {({ status, isSubmitting }) => {
        const formError = (status as FormStatus | undefined)?.formError;
        return (
          <Form noValidate className={styles.form} aria-label={t('auth.reset.title')}>
            {formError ? <FormAlert>{formError}</FormAlert> : null}
            <FormikTextField
              label={t('auth.fields.newPassword')}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              hint={t('auth.passwordHint', { limit: LIMITS.passwordMinLength })}
            />
            <FormikTextField
              label={t('auth.fields.passwordConfirm')}
              name="passwordConfirm"
              type="password"
              autoComplete="new-password"
              required
            />
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
            </Button>
          </Form>
        );
      }}
    </Formik>
  );
}
