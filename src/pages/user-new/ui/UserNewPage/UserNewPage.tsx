import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { UserCreateForm } from '@/features/user/create';
import { useCurrentUser } from '@/entities/user';
import { notify } from '@/shared/lib';
import { Card, MutedText, Page, PageHeader } from '@/shared/ui';

/** `/users/new`: staff create an account; anyone else is told the page is for staff. */
export function UserNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser(true);

  return (
    <Page width="narrow" labelledBy="user-new-title">
      <PageHeader
        titleId="user-new-title"
        title={me && !me.isStaff ? t('users.staffOnly.title') : t('users.create.title')}
        back={{ to: '/users', label: t('users.detail.back') }}
      />
      {!me ? (
        <MutedText aria-busy="true">{t('errors.loading')}</MutedText>
      ) : !me.isStaff ? (
        <MutedText>{t('users.staffOnly.text')}</MutedText>
      ) : (
        <Card>
          <UserCreateForm
            onCreated={(user) => {
              void notify(t('users.created', { email: user.email }), { variant: 'success' });
              void navigate(`/users/${encodeURIComponent(user.email)}`);
            }}
            onCancel={() => void navigate('/users')}
          />
        </Card>
      )}
    </Page>
  );
}
