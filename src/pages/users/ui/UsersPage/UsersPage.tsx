import { USER_LIST } from '@timberlog/contract';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { ListFilters, type FilterFieldSpec } from '@/widgets/list-filters';
import { ListView } from '@/widgets/list-view';
import { ListChangesNotice } from '@/features/live-updates';
import { columnLabelOf, ListViewsBar, pickColumns, useListViews, VIEW_PARAM } from '@/features/saved-views';
import { ActivateUserButton } from '@/features/user/activate';
import { useCurrentUser, useListUsersQuery, type User, type UserListParams } from '@/entities/user';
import { useFormat } from '@/shared/lib/format';
import { useListQuery } from '@/shared/lib/list-query';
import { Badge, Button, MutedText, Page, type TableColumn } from '@/shared/ui';

/** The user list's filters, as the API names them. */
const filterFields = (t: TFunction): FilterFieldSpec[] => [
  { name: 'email', label: t('users.fields.email') },
  { name: 'name', label: t('users.fields.name') },
  {
    name: 'isActive',
    label: t('users.fields.isActive'),
    optionLabel: (value) => t(value === 'true' ? 'users.state.active' : 'users.state.inactive'),
  },
  // Staff or ordinary accounts, or both: the list's one role filter (`isStaff=` still works in a link).
  {
    name: 'isStaffIn',
    label: t('users.filters.isStaffIn'),
    optionLabel: (value) => t(value === 'true' ? 'users.state.staff' : 'users.state.ordinary'),
  },
];

const userPath = (email: string) => `/users/${encodeURIComponent(email)}`;

const LIST_OPTIONS = { otherParams: [VIEW_PARAM] };

/**
 * `/users`: every account for staff; an ordinary user gets only their own row (the API answers
 * so) and no staff actions. "Awaiting activation" is the saved view `isActive=false`.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const me = useCurrentUser(true);
  const isStaff = me?.isStaff === true;
  const query = useListQuery<UserListParams>(USER_LIST, LIST_OPTIONS);
  const views = useListViews('users', query);
  const result = useListUsersQuery(query.params);
  const fields = useMemo(() => filterFields(t), [t]);
  const awaiting = query.state.filters.isActive === 'false';

  const allColumns: TableColumn<User>[] = [
    { id: 'email', header: t('users.fields.email'), sortField: 'email', phone: 'title', truncate: true, cell: (user) => user.email },
    { id: 'name', header: t('users.fields.name'), sortField: 'name', truncate: true, cell: (user) => user.name },
    {
      id: 'isActive',
      header: t('users.fields.isActive'),
      sortField: 'isActive',
      width: '11rem',
      cell: (user) =>
        // A sign-up that has not confirmed its address cannot be activated yet: say so where staff look.
        !user.isActive && user.emailVerified === false ? (
          <Badge tone="neutral">{t('users.unverified.badge')}</Badge>
        ) : (!user.isActive || awaiting) && isStaff ? (
          // Staff activate a confirmed sign-up from its row (the result shows in place: in the
          // "awaiting activation" view an active row is one just activated, and says so).
          <ActivateUserButton user={user} />
        ) : (
          <Badge tone={user.isActive ? 'success' : 'neutral'}>{t(user.isActive ? 'users.state.active' : 'users.state.inactive')}</Badge>
        ),
    },
    {
      id: 'isStaff',
      header: t('users.fields.isStaff'),
      sortField: 'isStaff',
      width: '7rem',
      cell: (user) => (user.isStaff ? <Badge tone="info">{t('users.state.staff')}</Badge> : t('list.no')),
    },
    {
      id: 'dateJoined',
      header: t('users.fields.dateJoined'),
      sortField: 'dateJoined',
      width: '10rem',
      cell: (user) => format.date(user.dateJoined),
    },
    {
      id: 'lastLogin',
      header: t('users.fields.lastLogin'),
      sortField: 'lastLogin',
      width: '12rem',
      cell: (user) => (user.lastLogin ? format.dateTime(user.lastLogin) : t('users.never')),
    },
    {
      id: 'emailVerified',
      header: t('users.fields.emailVerified'),
      phone: 'hide',
      width: '8rem',
      cell: (user) => t(user.emailVerified === false ? 'list.no' : 'list.yes'),
    },
    {
      id: 'createdAt',
      header: t('users.fields.createdAt'),
      sortField: 'createdAt',
      phone: 'hide',
      width: '10rem',
      cell: (user) => format.dateTime(user.createdAt),
    },
    {
      id: 'lastModifiedAt',
      header: t('users.fields.lastModifiedAt'),
      sortField: 'lastModifiedAt',
      phone: 'hide',
      width: '10rem',
      cell: (user) => format.dateTime(user.lastModifiedAt),
    },
  ];
  const columns = pickColumns(allColumns, views.columns);
  const columnLabel = columnLabelOf(allColumns);

  return (
    <Page width="wide">
      <ListView<User>
        title={t('users.list.title')}
        actions={
          isStaff ? (
            <>
              <Button
                variant="secondary"
                aria-pressed={awaiting}
                onClick={() => query.setFilters({ isActive: awaiting ? undefined : 'false' })}
              >
                {t('users.list.awaiting')}
              </Button>
              <Button to="/users/new">{t('users.actions.new')}</Button>
            </>
          ) : null
        }
        query={query}
        result={result}
        viewsBar={isStaff ? <ListViewsBar views={views} columnLabel={columnLabel} /> : null}
        filterBar={isStaff ? <ListFilters query={query} fields={fields} /> : null}
        density={views.density}
        toolbar={
          isStaff ? <ListChangesNotice entity="user" since={result.startedTimeStamp} /> : <MutedText>{t('users.list.ownOnly')}</MutedText>
        }
        columns={columns}
        getRowKey={(user) => user.email}
        onRowOpen={(user) => void navigate(userPath(user.email))}
        emptyMessage={awaiting ? t('users.list.noneAwaiting') : t('users.list.empty')}
      />
    </Page>
  );
}
