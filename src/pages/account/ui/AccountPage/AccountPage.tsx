import { useTranslation } from 'react-i18next';

import { PasswordForm, ProfileForm } from '@/features/auth/edit-account';
import { useGetMeQuery } from '@/entities/user';
import { FormAlert } from '@/shared/ui';

import styles from './AccountPage.module.css';

/** The signed-in user's own account: name and password. */
export function AccountPage() {
  const { t } = useTranslation();
  const { data: user, isLoading, isError } = useGetMeQuery();

  return (
    <section className={styles.page} aria-labelledby="account-title">
      <h1 id="account-title" className={styles.title}>
        {t('account.title')}
      </h1>
      {isLoading ? <p role="status">{t('errors.loading')}</p> : null}
      {isError && !user ? <FormAlert>{t('errors.unexpectedError')}</FormAlert> : null}
      {user ? (
        <div className={styles.sections}>
          <section className={styles.card} aria-labelledby="account-profile">
            <h2 id="account-profile" className={styles.heading}>
              {t('account.profile.title')}
            </h2>
            <ProfileForm user={user} />
          </section>
          <section className={styles.card} aria-labelledby="account-password">
            <h2 id="account-password" className={styles.heading}>
              {t('account.password.title')}
            </h2>
            <PasswordForm email={user.email} />
          </section>
        </div>
      ) : null}
    </section>
  );
}
