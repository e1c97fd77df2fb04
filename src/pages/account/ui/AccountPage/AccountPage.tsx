import { useTranslation } from 'react-i18next';

import { PasswordForm, ProfileForm } from '@/features/auth/edit-account';
import { useGetMeQuery } from '@/entities/user';
import { Card, FormAlert } from '@/shared/ui';

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
          <Card title={t('account.profile.title')} className={styles.formCard}>
            <ProfileForm user={user} />
          </Card>
          <Card title={t('account.password.title')} className={styles.formCard}>
            <PasswordForm email={user.email} version={user.version} />
          </Card>
        </div>
      ) : null}
    </section>
  );
}
