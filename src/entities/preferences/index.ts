export {
  initialPreferencesState,
  localeChanged,
  preferencesSlice,
  selectLocale,
  selectThemePreference,
  themeChosen,
} from './model/preferencesSlice';
export type { PreferencesState } from './model/preferencesSlice';
export { useEffectiveTheme } from './model/useEffectiveTheme';
