import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { NewPasswordFields, useCreateUserMutation, type User } from '@/entities/user';
import { ApiForm, Button, FormikCheckbox, FormikTextField, SubmitButton } from '@/shared/ui';

import { emptyUserCreate, userCreateBody, userCreateSchema, type UserCreateValues } from '../../model/schema';

import styles from './UserCreateForm.module.css';

export interface UserCreateFormProps {
  readonly onCreated: (user: User) => void;
  readonly onCancel: () => void;
}

/** Staff create an account: email, name, password (the server's rules), active, staff. */
export function UserCreateForm({ onCreated, onCancel }: UserCreateFormProps) {
  const { t } = useTranslation();
  const [createUser] = useCreateUserMutation();
  const schema = useMemo(() => userCreateSchema(t), [t]);

  return (
    <ApiForm<UserCreateValues, User>
      initialValues={emptyUserCreate}
      validationSchema={schema}
      label={t('users.create.title')}
      className={styles.form}
      request={(values) => createUser(userCreateBody(values))}
      onSuccess={(user) => onCreated(user)}
    >
      <FormikTextField label={t('users.fields.email')} name="email" type="email" autoComplete="off" required />
      <FormikTextField label={t('users.fields.name')} name="name" autoComplete="off" required />
      <NewPasswordFields repeat={false} label={t('users.fields.password')} />
      <FormikCheckbox name="isActive" label={t('users.fields.isActiveLong')} hint={t('users.hints.isActive')} />
      <FormikCheckbox name="isStaff" label={t('users.fields.isStaffLong')} hint={t('users.hints.isStaff')} />
      <div className={styles.actions}>
        <SubmitButton submitting={t('users.create.saving')}>{t('users.create.submit')}</SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          {t('users.create.cancel')}
        </Button>
      </div>
    </ApiForm>
  );
}
