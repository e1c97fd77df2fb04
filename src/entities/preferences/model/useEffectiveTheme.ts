import { useSystemTheme, type Theme } from '@/shared/lib';
import { useAppSelector } from '@/shared/model';

import { selectThemePreference } from './preferencesSlice';

/** The theme in force: the user's choice, else the operating system's. */
export function useEffectiveTheme(): Theme {
  const chosen = useAppSelector(selectThemePreference);
  const system = useSystemTheme();
  return chosen ?? system;
}
