import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { usePatchUserMutation, type User } from '@/entities/user';
import { notify } from '@/shared/lib';
import { ApiForm, FormikCheckbox, FormikTextField, SubmitButton } from '@/shared/ui';

import { userEditBody, userEditSchema, type UserEditValues } from '../../model/schema';

import styles from './UserEditForm.module.css';
import { contractText } from '@/shared/i18n';

export interface UserEditFormProps {
  readonly user: User;
  /** The account is the signed-in staff member's own: its active and staff flags cannot change. */
  readonly isSelf: boolean;
}

const userToValues = (user: User): UserEditValues => ({ name: user.name, isActive: user.isActive, isStaff: user.isStaff });

/** Staff edit an account's name, active flag and staff flag; one's own flags show disabled with the reason. */
export function UserEditForm({ user, isSelf }: UserEditFormProps) {
  const { t } = useTranslation();
  const [patchUser] = usePatchUserMutation();
  const schema = useMemo(() => userEditSchema(t), [t]);
  // The server activates only a confirmed address; an unconfirmed sign-up cannot be ticked active yet.
  const unconfirmed = user.emailVerified === false && !user.isActive;
  const [initialValues] = useState(() => userToValues(user));
  const labels = useMemo(
    () => ({ name: t('users.fields.name'), isActive: t('users.fields.isActiveLong'), isStaff: t('users.fields.isStaffLong') }),
    [t],
  );

  return (
    <ApiForm<UserEditValues, User>
      initialValues={initialValues}
      // A later copy of the account (someone saved it) is followed, or compared when the user has changes.
      versioned={{ record: user, toValues: userToValues, labels }}
      validationSchema={schema}
      label={t('users.edit.title')}
      className={styles.form}
      fields={['name', 'isActive', 'isStaff']}
      request={(values, version) => patchUser({ email: user.email, version, body: userEditBody(values, isSelf) })}
      onSuccess={(saved) => void notify(t('users.edit.saved', { email: saved.email }), { variant: 'success' })}
    >
      <FormikTextField label={t('users.fields.name')} name="name" autoComplete="off" required />
      <FormikCheckbox
        name="isActive"
        label={t('users.fields.isActiveLong')}
        disabled={isSelf || unconfirmed}
        hint={isSelf ? contractText('user.ownActive') : unconfirmed ? t('users.unverified.active') : t('users.hints.isActive')}
      />
      <FormikCheckbox
        name="isStaff"
        label={t('users.fields.isStaffLong')}
        disabled={isSelf}
        hint={isSelf ? contractText('user.ownStaff') : t('users.hints.isStaff')}
      />
      <div className={styles.actions}>
        <SubmitButton submitting={t('users.edit.saving')}>{t('users.edit.submit')}</SubmitButton>
      </div>
    </ApiForm>
  );
}
