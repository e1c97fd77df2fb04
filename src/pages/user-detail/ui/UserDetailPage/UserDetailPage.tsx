import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { DeleteUserButton } from '@/features/user/delete';
import { UserEditForm } from '@/features/user/edit';
import { SetPasswordForm } from '@/features/user/set-password';
import { useCurrentUser, useGetUserQuery, type User } from '@/entities/user';
import { isApiError } from '@/shared/api';
import { notify } from '@/shared/lib';
import { useFormat } from '@/shared/lib/format';
import { Badge, Button, FormAlert } from '@/shared/ui';

import styles from './UserDetailPage.module.css';

function Frame({ title, actions, children }: { readonly title: string; readonly actions?: ReactNode; readonly children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={styles.page} aria-labelledby="user-title">
      <Link to="/users" className={styles.back}>
        {t('users.detail.back')}
      </Link>
      <header className={styles.header}>
        <h1 id="user-title" className={styles.title}>
          {title}
        </h1>
        {actions}
      </header>
      {children}
    </section>
  );
}

function UserFields({ user }: { readonly user: User }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rows: [string, ReactNode][] = [
    [t('users.fields.email'), user.email],
    [t('users.fields.name'), user.name],
    [t('users.fields.isActive'), <Badge tone={user.isActive ? 'success' : 'neutral'}>{t(user.isActive ? 'users.state.active' : 'users.state.inactive')}</Badge>],
    [t('users.fields.isStaff'), user.isStaff ? t('list.yes') : t('list.no')],
    ...(user.emailVerified === undefined ? [] : [[t('users.emailVerified'), user.emailVerified ? t('list.yes') : t('list.no')] as [string, ReactNode]]),
    [t('users.fields.dateJoined'), format.dateTime(user.dateJoined)],
    [t('users.fields.lastLogin'), user.lastLogin ? format.dateTime(user.lastLogin) : t('users.never')],
    [t('list.shared.lastModified'), format.dateTime(user.lastModifiedAt)],
  ];
  return (
    <dl className={styles.fields}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * `/users/:email`: the account; staff edit it (name, active, staff, a new password) and delete it.
 * What the server forbids on one's own account shows disabled with the reason. An ordinary user
 * reaches only their own account (the API answers 404 for any other), told so plainly.
 */
export function UserDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = useParams().email ?? '';
  const me = useCurrentUser(true);
  const { data: user, error, isLoading, isFetching, refetch } = useGetUserQuery(email);

  if (isLoading || !me) {
    return (
      <Frame title={email}>
        <p className={styles.muted} aria-busy="true">
          {t('errors.loading')}
        </p>
      </Frame>
    );
  }
  if (!user) {
    const refused = isApiError(error) && (error.status === 404 || error.status === 403);
    return (
      <Frame title={refused ? t('users.detail.notFoundTitle') : email}>
        {refused ? (
          <p className={styles.muted}>{t('users.detail.notFoundText', { email })}</p>
        ) : (
          <>
            <FormAlert>{isApiError(error) ? error.message : t('errors.unexpectedError')}</FormAlert>
            <div>
              <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
                {t('users.retry')}
              </Button>
            </div>
          </>
        )}
      </Frame>
    );
  }

  const isSelf = user.email === me.email;
  if (!me.isStaff) {
    return (
      <Frame title={user.name || user.email}>
        <div className={styles.card}>
          <UserFields user={user} />
        </div>
        <p className={styles.muted}>
          {t('users.detail.ownHint')} <Link to="/account">{t('users.detail.accountLink')}</Link>
        </p>
      </Frame>
    );
  }

  return (
    <Frame
      title={user.name || user.email}
      actions={
        <DeleteUserButton
          user={user}
          isSelf={isSelf}
          onDeleted={() => {
            void notify(t('users.deleted', { email: user.email }), { variant: 'success' });
            void navigate('/users');
          }}
        />
      }
    >
      {isSelf ? <p className={styles.muted}>{t('users.own.note')}</p> : null}
      <div className={styles.card}>
        <UserFields user={user} />
      </div>
      <div className={styles.card}>
        <h2 className={styles.subtitle}>{t('users.edit.title')}</h2>
        <UserEditForm user={user} isSelf={isSelf} />
      </div>
      <div className={styles.card}>
        <h2 className={styles.subtitle}>{t('users.password.title')}</h2>
        {/* One's own password changes on the account page, which asks for the current one. */}
        {isSelf ? (
          <p className={styles.muted}>
            {t('users.detail.ownHint')} <Link to="/account">{t('users.detail.accountLink')}</Link>
          </p>
        ) : (
          <SetPasswordForm user={user} />
        )}
      </div>
    </Frame>
  );
}
