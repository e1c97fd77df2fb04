import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { selectThemePreference, useEffectiveTheme } from '@/entities/preferences';
import { useAppSelector } from '@/shared/model';

/** Keeps `<html lang>` on the current locale and `<html data-theme>` on the theme in force. */
export function DocumentSync() {
  const { i18n } = useTranslation();
  const chosen = useAppSelector(selectThemePreference);
  const theme = useEffectiveTheme();

  useEffect(() => {
    document.documentElement.lang = i18n.resolvedLanguage ?? i18n.language;
  }, [i18n.language, i18n.resolvedLanguage]);

  useEffect(() => {
    const root = document.documentElement;
    // Without a choice, leave the attribute off so CSS follows the system live.
    if (chosen) root.dataset.theme = theme;
    else delete root.dataset.theme;
  }, [chosen, theme]);

  return null;
}
