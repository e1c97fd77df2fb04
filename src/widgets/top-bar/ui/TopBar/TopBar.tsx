import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';

import { SignOutButton } from '@/features/auth/sign-out';
import { ExportsButton } from '@/features/export/track-progress';
import { LocaleSwitcher } from '@/features/locale/switch';
import { ThemeToggle } from '@/features/theme/toggle';
import { selectIsAuthenticated } from '@/entities/session';
import { useAppSelector } from '@/shared/model';
import { Button } from '@/shared/ui';

import { NAV_ITEMS } from './navItems';
import { PhoneMenu } from './PhoneMenu';
import styles from './TopBar.module.css';

// Who is staff is known only from the api, which is not part of the first page: a visitor never loads it.
const StaffLinks = lazy(() => import('./StaffLinks').then((module) => ({ default: module.StaffLinks })));

const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink);

/**
 * The fixed bar over every screen: product name, navigation, language, theme and session. On a phone
 * (the bar under 40rem wide) the navigation and the buttons move into the menu (`PhoneMenu`).
 */
export function TopBar() {
  const { t } = useTranslation();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);

  return (
    <header className={styles.bar}>
      <div className={styles.row}>
        {/* Named by its label, not its text: on a phone the text is not shown (see the CSS). */}
        <Link to="/" className={styles.brand} aria-label={t('app.name')}>
          <svg className={styles.logo} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <rect x="3" y="6" width="18" height="4" rx="2" />
            <rect x="3" y="14" width="18" height="4" rx="2" />
          </svg>
          <span className={styles.brandName}>{t('app.name')}</span>
        </Link>
        <nav className={styles.nav} aria-label={t('nav.main')}>
          <ul className={styles.navList}>
            {NAV_ITEMS.map(({ to, labelKey }) => (
              <li key={to}>
                <NavLink to={to} className={navLinkClass}>
                  {t(labelKey)}
                </NavLink>
              </li>
            ))}
            {isAuthenticated ? (
              <Suspense fallback={null}>
                <StaffLinks />
              </Suspense>
            ) : null}
          </ul>
        </nav>
        <PhoneMenu />
        <div className={styles.actions}>
          <LocaleSwitcher />
          <ThemeToggle />
          {isAuthenticated ? (
            <>
              <ExportsButton />
              <Button to="/account" variant="minimal" size="sm">
                {t('auth.account')}
              </Button>
              <SignOutButton />
            </>
          ) : (
            <Button to="/auth/login" variant="primary" size="sm">
              {t('auth.signIn')}
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
