export { settingsApi, useGetSettingsQuery } from './api/settingsApi';
export type { Settings } from './api/settingsApi';
