import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

import { useCurrentUser } from '@/entities/user';
import { getConfig } from '@/shared/config';

import styles from './TopBar.module.css';

/** The admin panel and the backend's API docs, for staff only. Loaded only for a signed-in user. */
export function StaffLinks() {
  const { t } = useTranslation();
  const user = useCurrentUser(true);
  if (!user?.isStaff) return null;
  const { backendUrl } = getConfig();

  return (
    <>
      <li className={styles.separator} aria-hidden="true" />
      <li>
        {/* The admin panel is a screen of this app (the API only has its endpoints). */}
        <NavLink to="/adminpanel" className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}>
          {t('nav.adminPanel')}
        </NavLink>
      </li>
      <li>
        <a className={styles.navLink} href={`${backendUrl}/api/schema/swagger-ui`} target="_blank" rel="noreferrer">
          {t('nav.apiDocs')}
          <span className={styles.visuallyHidden}> ({t('nav.opensInNewTab')})</span>
        </a>
      </li>
    </>
  );
}
