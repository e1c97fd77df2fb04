import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { object } from 'yup';

import { nameSchema, usePatchMeMutation, type User } from '@/entities/user';
import { ApiForm, FormikTextField, SubmitButton, TextField } from '@/shared/ui';

import styles from './ProfileForm.module.css';

interface Values {
  name: string;
}

export interface ProfileFormProps {
  readonly user: User;
}

/** The signed-in user's own name. */
export function ProfileForm({ user }: ProfileFormProps) {
  const { t } = useTranslation();
  const [patchMe] = usePatchMeMutation();
  const schema = useMemo(() => object({ name: nameSchema(t) }), [t]);

  return (
    <ApiForm<Values, User>
      initialValues={{ name: user.name }}
      validationSchema={schema}
      label={t('account.profile.title')}
      className={styles.form}
      request={(values) => patchMe({ version: user.version, body: { name: values.name.trim() } })}
      onSuccess={(_user, _values, form) => form.setStatus({ formSuccess: t('account.profile.saved') })}
    >
      <TextField label={t('auth.fields.email')} name="email" type="email" value={user.email} readOnly />
      <FormikTextField label={t('auth.fields.name')} name="name" autoComplete="name" required />
      <SubmitButton>{t('account.profile.submit')}</SubmitButton>
    </ApiForm>
  );
}
