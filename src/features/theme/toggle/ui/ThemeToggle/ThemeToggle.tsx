import { useTranslation } from 'react-i18next';

import { themeChosen, useEffectiveTheme } from '@/entities/preferences';
import { useAppDispatch } from '@/shared/model';

import styles from './ThemeToggle.module.css';

/** Switches between the light and dark theme; the choice is remembered and overrides the system's. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const theme = useEffectiveTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('theme.switchToDark') : t('theme.switchToLight');

  return (
    <button
      type="button"
      className={styles.toggle}
      aria-label={label}
      title={label}
      data-theme-current={theme}
      onClick={() => dispatch(themeChosen(next))}
    >
      {theme === 'dark' ? (
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" />
        </svg>
      )}
    </button>
  );
}
