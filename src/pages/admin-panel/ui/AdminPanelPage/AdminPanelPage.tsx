import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';

import { ADMIN_RESOURCES, type AdminResourceName } from '@/features/admin/manage-resource';
import { useCurrentUser } from '@/entities/user';
import { MutedText, Page, PageHeader } from '@/shared/ui';

import { ResourceSection } from './ResourceSection';

import styles from './AdminPanelPage.module.css';

const NAMES = Object.keys(ADMIN_RESOURCES) as AdminResourceName[];
const isResource = (name: string | undefined): name is AdminResourceName => NAMES.includes(name as AdminResourceName);

/**
 * `/adminpanel/:resource?`: staff edit the reference data, one section per resource. Sign-in is
 * required by the router; an ordinary user is told the panel is for staff (the API answers 403 anyway).
 */
export function AdminPanelPage() {
  const { t } = useTranslation();
  const me = useCurrentUser(true);
  const { resource } = useParams();
  const current: AdminResourceName = isResource(resource) ? resource : 'companies';

  if (!me) {
    return (
      <Page width="wide">
        <MutedText aria-busy="true">{t('errors.loading')}</MutedText>
      </Page>
    );
  }
  if (!me.isStaff) {
    return (
      <Page width="wide" labelledBy="admin-title">
        <PageHeader titleId="admin-title" title={t('admin.staffOnly.title')} />
        <MutedText>{t('admin.staffOnly.text')}</MutedText>
      </Page>
    );
  }
  return (
    <Page width="wide" label={t('admin.title')}>
      <nav aria-label={t('admin.sections')}>
        <ul className={styles.tabs}>
          {NAMES.map((name) => (
            <li key={name}>
              <NavLink
                to={`/adminpanel/${name}`}
                className={({ isActive }) => (isActive || (name === current && !resource) ? `${styles.tab} ${styles.active}` : styles.tab)}
              >
                {t(`${ADMIN_RESOURCES[name].i18n}.title`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* A new section starts from its own list state: the key remounts it. */}
      <ResourceSection key={current} description={ADMIN_RESOURCES[current]} />
    </Page>
  );
}
