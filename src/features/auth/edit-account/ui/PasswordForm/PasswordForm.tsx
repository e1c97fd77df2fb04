import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { newPasswordSchema, type NewPasswordValues, usePatchMeMutation } from '@/entities/user';
import { applyApiErrorToForm, type FormStatus } from '@/shared/api';
import { LIMITS } from '@timberlog/contract';
import { Button, FormAlert, FormikTextField } from '@/shared/ui';

import styles from './PasswordForm.module.css';

type Values = NewPasswordValues;

const FIELDS = ['password'] as const;

export interface PasswordFormProps {
  /** The account's email: the password may not be it. */
  readonly email: string;
}

/** Changes the signed-in user's password. */
export function PasswordForm({ email }: PasswordFormProps) {
  const { t } = useTranslation();
  const [patchMe] = usePatchMeMutation();
  const [saved, setSaved] = useState(false);
  const schema = useMemo(() => newPasswordSchema(t, email), [t, email]);

  const submit = async (values: Values, form: FormikHelpers<Values>) => {
    form.setStatus({});
    setSaved(false);
    try {
      await patchMe({ password: values.password }).unwrap();
      setSaved(true);
      form.resetForm();
    } catch (error) {
      applyApiErrorToForm(error, form, FIELDS, { 429: t('errors.rateLimited') });
    }
  };

  return (
    <Formik<Values> initialValues={{ password: '', passwordConfirm: '' }} validationSchema={schema} onSubmit={submit}>
      {({ status, isSubmitting }) => {
        const formError = (status as FormStatus | undefined)?.formError;
        return (
          <Form noValidate className={styles.form} aria-label={t('account.password.title')}>
            {formError ? <FormAlert>{formError}</FormAlert> : null}
            {saved ? <FormAlert tone="success">{t('account.password.saved')}</FormAlert> : null}
            {/* Lets password managers file the new password under the right account. */}
            <input type="hidden" name="username" autoComplete="username" value={email} />
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
              {t('account.password.submit')}
            </Button>
          </Form>
        );
      }}
    </Formik>
  );
}
