import * as RadixDialog from '@radix-ui/react-dialog';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';

import { SignOutButton } from '@/features/auth/sign-out';
import { ExportsButton } from '@/features/export/track-progress';
import { LocaleSwitcher } from '@/features/locale/switch';
import { ThemeToggle } from '@/features/theme/toggle';
import { selectIsAuthenticated } from '@/entities/session';
import { useCurrentUser } from '@/entities/user';
import { localDateText } from '@/shared/lib/format';
import { useAppSelector } from '@/shared/model';
import { Button } from '@/shared/ui';

import { NAV_ITEMS } from './navItems';
import styles from './PhoneMenuPanel.module.css';

const StaffLinks = lazy(() => import('./StaffLinks').then((module) => ({ default: module.StaffLinks })));

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.link} ${styles.active}` : styles.link);

/** The signed-in user's loads of today (their calendar day): the waybill list by their name as the driver. */
export function myLoadsTodayPath(name: string, today: Date = new Date()): string {
  return `/waybills?${new URLSearchParams({ driverName: name, transportDate: localDateText(today) }).toString()}`;
}

export interface PhoneMenuPanelProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

/** The phone menu: a sheet from the top with every section, then language, theme, account, exports and sign-out. */
export function PhoneMenuPanel({ open, onOpenChange }: PhoneMenuPanelProps) {
  const { t } = useTranslation();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const me = useCurrentUser(isAuthenticated);
  const { pathname, search } = useLocation();
  // A choice made in the menu (a section, the account, a driver's loads) closes it.
  const place = `${pathname}${search}`;
  const shownAt = useRef(place);
  useEffect(() => {
    if (shownAt.current !== place) onOpenChange(false);
    shownAt.current = place;
  }, [place, onOpenChange]);

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content className={styles.sheet} aria-describedby={undefined}>
          <div className={styles.head}>
            <RadixDialog.Title className={styles.title}>{t('nav.menu')}</RadixDialog.Title>
            <RadixDialog.Close className={styles.close} aria-label={t('nav.closeMenu')}>
              <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
                <path d="M2 2l10 10M12 2 2 12" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
              </svg>
            </RadixDialog.Close>
          </div>
          <nav aria-label={t('nav.main')}>
            <ul className={styles.links}>
              {NAV_ITEMS.map(({ to, labelKey }) => (
                <li key={to}>
                  <NavLink to={to} className={linkClass}>
                    {t(labelKey)}
                  </NavLink>
                </li>
              ))}
              {me ? (
                <li>
                  {/* A driver's own loads, one tap from the menu. */}
                  <Link to={myLoadsTodayPath(me.name)} className={styles.link}>
                    {t('nav.myLoadsToday')}
                  </Link>
                </li>
              ) : null}
              {isAuthenticated ? (
                <Suspense fallback={null}>
                  <StaffLinks />
                </Suspense>
              ) : null}
            </ul>
          </nav>
          <div className={styles.settings}>
            <LocaleSwitcher />
            <ThemeToggle />
          </div>
          <div className={styles.session}>
            {isAuthenticated ? (
              <>
                <Button to="/account" variant="secondary" size="sm">
                  {t('auth.account')}
                </Button>
                <ExportsButton withLabel className={styles.exports} />
                <SignOutButton />
              </>
            ) : (
              <Button to="/auth/login" variant="primary" size="sm">
                {t('auth.signIn')}
              </Button>
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
