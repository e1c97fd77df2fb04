import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './TopBar.module.css';

// The menu's dialog and what it holds are loaded when it is first opened: a desktop never loads them.
const PhoneMenuPanel = lazy(() => import('./PhoneMenuPanel').then((module) => ({ default: module.PhoneMenuPanel })));

/**
 * The phone's menu button (shown when the bar is narrow, see the CSS): it opens every section, the
 * language, the theme, the account, the exports and sign-out, which the bar has no room for.
 */
export function PhoneMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.menuButton}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
        <span>{t('nav.menu')}</span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <PhoneMenuPanel open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
