import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';

import { localeChanged, selectLocale } from '@/entities/preferences';
import { isLocale, LOCALE_NATIVE_NAMES, SUPPORTED_LOCALES } from '@/shared/i18n';
import { confirmLeave } from '@/shared/lib';
import { useAppDispatch, useAppSelector } from '@/shared/model';

import { GlobeIcon } from './GlobeIcon';
import styles from './LocaleMenu.module.css';

export interface LocaleMenuProps {
  /** Opens the menu as it mounts: the switcher mounts it when its stand-in button was activated. */
  readonly defaultOpen?: boolean;
}

/**
 * Lists the supported locales. Choosing another one records it; the app then reloads the
 * current page in that language (see app/index.tsx).
 */
export function LocaleMenu({ defaultOpen = false }: LocaleMenuProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);

  const choose = async (value: string) => {
    if (!isLocale(value) || value === locale) return;
    // The page reloads in the new language: a form with changes asks first.
    if (await confirmLeave()) dispatch(localeChanged(value));
  };

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={styles.trigger} aria-label={t('locale.current', { name: LOCALE_NATIVE_NAMES[locale] })}>
        <GlobeIcon className={styles.globe} />
        <span className={styles.code}>{locale.toUpperCase()}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={6}>
          <DropdownMenu.Label className={styles.label}>{t('locale.label')}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={locale} onValueChange={(value) => void choose(value)}>
            {SUPPORTED_LOCALES.map((option) => (
              <DropdownMenu.RadioItem key={option} value={option} lang={option} className={styles.item}>
                <DropdownMenu.ItemIndicator className={styles.indicator}>✓</DropdownMenu.ItemIndicator>
                {LOCALE_NATIVE_NAMES[option]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
