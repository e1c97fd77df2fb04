import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { object } from 'yup';

import { nameSchema, usePatchMeMutation, type User } from '@/entities/user';
import { applyApiErrorToForm, type FormStatus } from '@/shared/api';
import { Button, FormAlert, FormikTextField, TextField } from '@/shared/ui';

import styles from './ProfileForm.module.css';

interface Values {
  name: string;
}

const FIELDS = ['name'] as const;

export interface ProfileFormProps {
  readonly user: User;
}

/** The signed-in user's own name. */
export function ProfileForm({ user }: ProfileFormProps) {
  const { t } = useTranslation();
  const [patchMe] = usePatchMeMutation();
  const [saved, setSaved] = useState(false);
  const schema = useMemo(() => object({ name: nameSchema(t) }), [t]);

  const submit = async (values: Values, form: FormikHelpers<Values>) => {
    form.setStatus({});
    setSaved(false);
    try {
      await patchMe({ name: values.name.trim() }).unwrap();
      setSaved(true);
    } catch (error) {
      applyApiErrorToForm(error, form, FIELDS, { 429: t('errors.rateLimited') });
    }
  };

  return (
    <Formik<Values> initialValues={{ name: user.name }} validationSchema={schema} onSubmit={submit}>
      {({ status, isSubmitting }) => {
        const formError = (status as FormStatus | undefined)?.formError;
        return (
          <Form noValidate className={styles.form} aria-label={t('account.profile.title')}>
            {formError ? <FormAlert>{formError}</FormAlert> : null}
            {saved ? <FormAlert tone="success">{t('account.profile.saved')}</FormAlert> : null}
            <TextField label={t('auth.fields.email')} name="email" type="email" value={user.email} readOnly />
            <FormikTextField
              label={t('auth.fields.name')}
              name="name"
              autoComplete="name"
              required
            />
            <Button type="submit" disabled={isSubmitting}>
              {t('account.profile.submit')}
            </Button>
          </Form>
        );
      }}
    </Formik>
  );
}
