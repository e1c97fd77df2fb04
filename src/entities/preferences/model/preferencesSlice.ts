import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import { DEFAULT_LOCALE, type Locale } from '@/shared/i18n';
import type { Theme } from '@/shared/lib';

export interface PreferencesState {
  readonly locale: Locale;
  /** The theme the user chose; null follows the operating system (the first visit). */
  readonly theme: Theme | null;
}

export const initialPreferencesState: PreferencesState = { locale: DEFAULT_LOCALE, theme: null };

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: initialPreferencesState,
  reducers: {
    localeChanged: (state, { payload }: PayloadAction<Locale>) => ({ ...state, locale: payload }),
    themeChosen: (state, { payload }: PayloadAction<Theme>) => ({ ...state, theme: payload }),
  },
  selectors: {
    selectLocale: (state) => state.locale,
    selectThemePreference: (state) => state.theme,
  },
});

export const { localeChanged, themeChosen } = preferencesSlice.actions;
export const { selectLocale, selectThemePreference } = preferencesSlice.selectors;
