import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

import { useCurrentUser } from '@/entities/user';
import { getConfig } from '@/shared/config';

import styles from './TopBar.module.css';

/**
 * The users, the admin panel and the backend's API docs, for staff only (an ordinary user's own
 * account is under Account). Loaded only for a signed-in user.
 */
export function StaffLinks() {
  const { t } = useTranslation();
  const user = useCurrentUser(true);
  if (!user?.isStaff) return null;
  const { backendUrl } = getConfig();

  const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink);

  return (
    <>
      <li>
        <NavLink to="/users" className={linkClass}>
          {t('nav.users')}
        </NavLink>
      </li>
      <li className={styles.separator} aria-hidden="true" />
      <li>
        {/* The admin panel is a screen of this app (the API only has its endpoints). */}
        <NavLink to="/adminpanel" className={linkClass}>
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
