export {
  initialPreferencesState,
  listLayoutChosen,
  localeChanged,
  preferencesSlice,
  selectListLayout,
  selectLocale,
  selectThemePreference,
  themeChosen,
} from './model/preferencesSlice';
export type { ListLayout, PreferencesState } from './model/preferencesSlice';
export { useEffectiveTheme } from './model/useEffectiveTheme';
