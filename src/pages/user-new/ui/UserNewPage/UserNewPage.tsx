import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import { UserCreateForm } from '@/features/user/create';
import { useCurrentUser } from '@/entities/user';
import { notify } from '@/shared/lib';

import styles from './UserNewPage.module.css';

/** `/users/new`: staff create an account; anyone else is told the page is for staff. */
export function UserNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser(true);

  return (
    <section className={styles.page} aria-labelledby="user-new-title">
      <Link to="/users" className={styles.back}>
        {t('users.detail.back')}
      </Link>
      <h1 id="user-new-title" className={styles.title}>
        {me && !me.isStaff ? t('users.staffOnly.title') : t('users.create.title')}
      </h1>
      {!me ? (
        <p className={styles.muted} aria-busy="true">
          {t('errors.loading')}
        </p>
      ) : !me.isStaff ? (
        <p className={styles.muted}>{t('users.staffOnly.text')}</p>
      ) : (
        <div className={styles.card}>
          <UserCreateForm
            onCreated={(user) => {
              void notify(t('users.created', { email: user.email }), { variant: 'success' });
              void navigate(`/users/${encodeURIComponent(user.email)}`);
            }}
            onCancel={() => void navigate('/users')}
          />
        </div>
      )}
    </section>
  );
}
