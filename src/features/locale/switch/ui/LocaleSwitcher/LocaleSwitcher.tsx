import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { selectLocale } from '@/entities/preferences';
import { LOCALE_NATIVE_NAMES } from '@/shared/i18n';
import { useAppSelector } from '@/shared/model';

import { GlobeIcon } from './GlobeIcon';
import styles from './LocaleMenu.module.css';

const loadMenu = () => import('./LocaleMenu');
const LocaleMenu = lazy(() => loadMenu().then((module) => ({ default: module.LocaleMenu })));
const preloadMenu = () => void loadMenu();

/**
 * The language switcher of the top bar. The accessible menu (Radix) is loaded only when it is
 * about to be used: pointing at or focusing the button fetches it, activating the button opens
 * it. Until then the button is a plain one that looks the same, so no page pays for the menu's
 * code before someone reaches for it.
 */
export function LocaleSwitcher() {
  const { t } = useTranslation();
  const locale = useAppSelector(selectLocale);
  const [menuWanted, setMenuWanted] = useState(false);

  const button = (busy: boolean) => (
    <button
      type="button"
      className={styles.trigger}
      aria-label={t('locale.current', { name: LOCALE_NATIVE_NAMES[locale] })}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={busy || undefined}
      onPointerEnter={preloadMenu}
      onFocus={preloadMenu}
      onClick={() => setMenuWanted(true)}
    >
      <GlobeIcon className={styles.globe} />
      <span className={styles.code}>{locale.toUpperCase()}</span>
    </button>
  );

  if (!menuWanted) return button(false);
  return (
    <Suspense fallback={button(true)}>
      <LocaleMenu defaultOpen />
    </Suspense>
  );
}
