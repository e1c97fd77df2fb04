import { baseApi, type Schema } from '@/shared/api';

export type Settings = Schema<'Settings'>;

export const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** This server's set-up as the screens need it (whether it sends waybills to EVR): read once, kept while used. */
    getSettings: build.query<Settings, void>({
      query: () => '/api/settings',
    }),
  }),
});

export const { useGetSettingsQuery } = settingsApi;
