import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { DeleteUserButton } from '@/features/user/delete';
import { UserEditForm } from '@/features/user/edit';
import { SetPasswordForm } from '@/features/user/set-password';
import { RecordHistory } from '@/entities/history';
import { useCurrentUser, useGetUserQuery, type User } from '@/entities/user';
import { isApiError } from '@/shared/api';
import { useFormat } from '@/shared/lib/format';
import { Badge, Button, Card, DetailFields, FormAlert, MutedText, Page, PageHeader, type DetailField } from '@/shared/ui';

function Frame({ title, actions, children }: { readonly title: string; readonly actions?: ReactNode; readonly children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Page width="narrow" labelledBy="user-title">
      <PageHeader titleId="user-title" title={title} back={{ to: '/users', label: t('users.detail.back') }} actions={actions} />
      {children}
    </Page>
  );
}

function UserFields({ user }: { readonly user: User }) {
  const { t } = useTranslation();
  const format = useFormat();
  const fields: DetailField[] = [
    { key: 'email', label: t('users.fields.email'), value: user.email },
    { key: 'name', label: t('users.fields.name'), value: user.name },
    {
      key: 'isActive',
      label: t('users.fields.isActive'),
      value: <Badge tone={user.isActive ? 'success' : 'neutral'}>{t(user.isActive ? 'users.state.active' : 'users.state.inactive')}</Badge>,
    },
    { key: 'isStaff', label: t('users.fields.isStaff'), value: user.isStaff ? t('list.yes') : t('list.no') },
    ...(user.emailVerified === undefined
      ? []
      : [{ key: 'emailVerified', label: t('users.emailVerified'), value: user.emailVerified ? t('list.yes') : t('list.no') }]),
    { key: 'dateJoined', label: t('users.fields.dateJoined'), value: format.dateTime(user.dateJoined) },
    { key: 'lastLogin', label: t('users.fields.lastLogin'), value: user.lastLogin ? format.dateTime(user.lastLogin) : t('users.never') },
    { key: 'lastModifiedAt', label: t('list.shared.lastModified'), value: format.dateTime(user.lastModifiedAt) },
  ];
  return <DetailFields fields={fields} compact />;
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
        <MutedText aria-busy="true">{t('errors.loading')}</MutedText>
      </Frame>
    );
  }
  if (!user) {
    const refused = isApiError(error) && (error.status === 404 || error.status === 403);
    return (
      <Frame title={refused ? t('users.detail.notFoundTitle') : email}>
        {refused ? (
          <MutedText>{t('users.detail.notFoundText', { email })}</MutedText>
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
        <Card>
          <UserFields user={user} />
        </Card>
        <MutedText>
          {t('users.detail.ownHint')} <Link to="/account">{t('users.detail.accountLink')}</Link>
        </MutedText>
      </Frame>
    );
  }

  return (
    <Frame
      title={user.name || user.email}
      actions={<DeleteUserButton user={user} isSelf={isSelf} onDeleted={() => void navigate('/users')} />}
    >
      {isSelf ? <MutedText>{t('users.own.note')}</MutedText> : null}
      <Card>
        <UserFields user={user} />
      </Card>
      <Card title={t('users.edit.title')}>
        <UserEditForm user={user} isSelf={isSelf} />
      </Card>
      <Card title={t('users.password.title')}>
        {/* One's own password changes on the account page, which asks for the current one. */}
        {isSelf ? (
          <MutedText>
            {t('users.detail.ownHint')} <Link to="/account">{t('users.detail.accountLink')}</Link>
          </MutedText>
        ) : (
          <SetPasswordForm user={user} />
        )}
      </Card>
      <Card>
        <RecordHistory
          entity="user"
          recordKey={user.email}
          fields={{
            name: { label: t('users.fields.name') },
            email: { label: t('users.fields.email') },
            isActive: { label: t('users.fields.isActive'), format: (value) => t(value === 'true' ? 'list.yes' : 'list.no') },
            isStaff: { label: t('users.fields.isStaff'), format: (value) => t(value === 'true' ? 'list.yes' : 'list.no') },
            password: { label: t('users.fields.password') },
          }}
        />
      </Card>
    </Frame>
  );
}
