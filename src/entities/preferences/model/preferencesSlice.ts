import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Density, SavedViewList } from '@timberlog/contract';

import { browserLocale, DEFAULT_LOCALE, type Locale } from '@/shared/i18n';
import type { Theme } from '@/shared/lib';

/** A list's columns (ids of the contract's LIST_COLUMNS, in order) and row density, as the user left them. */
export interface ListLayout {
  readonly columns?: readonly string[];
  readonly density?: Density;
}

export interface PreferencesState {
  readonly locale: Locale;
  /** The theme the user chose; null follows the operating system (the first visit). */
  readonly theme: Theme | null;
  /**
   * Each list's layout while no saved view is open. Optional: a state stored before lists had
   * layouts comes back without it.
   */
  readonly lists?: Readonly<Partial<Record<SavedViewList, ListLayout>>>;
}

export const initialPreferencesState: PreferencesState = { locale: DEFAULT_LOCALE, theme: null };

/** A first visit's preferences: the browser's language when we have it, the system's theme. */
const firstVisit = (): PreferencesState => ({ ...initialPreferencesState, locale: browserLocale() });

const NO_LAYOUT: ListLayout = {};

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: firstVisit,
  reducers: {
    localeChanged: (state, { payload }: PayloadAction<Locale>) => ({ ...state, locale: payload }),
    themeChosen: (state, { payload }: PayloadAction<Theme>) => ({ ...state, theme: payload }),
    /** Changes a list's columns or density (what the payload names); the rest stays. */
    listLayoutChosen: (state, { payload: { list, ...layout } }: PayloadAction<{ readonly list: SavedViewList } & ListLayout>) => ({
      ...state,
      lists: { ...state.lists, [list]: { ...state.lists?.[list], ...layout } },
    }),
  },
  selectors: {
    selectLocale: (state) => state.locale,
    selectThemePreference: (state) => state.theme,
    selectListLayout: (state, list: SavedViewList): ListLayout => state.lists?.[list] ?? NO_LAYOUT,
  },
});

export const { localeChanged, themeChosen, listLayoutChosen } = preferencesSlice.actions;
export const { selectLocale, selectThemePreference, selectListLayout } = preferencesSlice.selectors;
