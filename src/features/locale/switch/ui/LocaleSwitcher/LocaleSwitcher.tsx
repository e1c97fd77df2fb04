import { lazy, Suspense, useEffect } from 'react';

import { selectLocale } from '@/entities/preferences';
import { useAppSelector } from '@/shared/model';

import { GlobeIcon } from './GlobeIcon';
import styles from './LocaleMenu.module.css';

const loadMenu = () => import('./LocaleMenu');
// The accessible menu (Radix) is not needed for the first paint; it loads right after it.
const LocaleMenu = lazy(() => loadMenu().then((module) => ({ default: module.LocaleMenu })));

/** The language switcher of the top bar. */
export function LocaleSwitcher() {
  const locale = useAppSelector(selectLocale);

  useEffect(() => {
    void loadMenu();
  }, []);

  return (
    <Suspense
      fallback={
        <span className={styles.trigger} aria-hidden="true">
          <GlobeIcon className={styles.globe} />
          <span className={styles.code}>{locale.toUpperCase()}</span>
        </span>
      }
    >
      <LocaleMenu />
    </Suspense>
  );
}
