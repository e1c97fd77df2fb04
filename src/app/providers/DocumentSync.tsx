import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { useEffectiveTheme } from '@/entities/preferences';

/** Keeps `<html lang>` on the current locale and `<html data-theme>` on the theme in force. */
export function DocumentSync() {
  const { i18n } = useTranslation();
  const theme = useEffectiveTheme();

  useEffect(() => {
    document.documentElement.lang = i18n.resolvedLanguage ?? i18n.language;
  }, [i18n.language, i18n.resolvedLanguage]);

  useEffect(() => {
    // The effective theme follows the system live while the user has made no choice.
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  return null;
}
