import { useTranslation } from 'react-i18next';

import { useCurrentUser } from '@/entities/user';
import { getConfig } from '@/shared/config';

import styles from './TopBar.module.css';

/** The backend's admin panel and API docs, for staff only. Loaded only for a signed-in user. */
export function StaffLinks() {
  const { t } = useTranslation();
  const user = useCurrentUser(true);
  if (!user?.isStaff) return null;
  const { backendUrl } = getConfig();

  return (
    <>
      <li className={styles.separator} aria-hidden="true" />
      <li>
        <a className={styles.navLink} href={`${backendUrl}/adminpanel`}>
          {t('nav.adminPanel')}
        </a>
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
