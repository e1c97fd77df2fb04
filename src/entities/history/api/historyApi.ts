import { baseApi, TAGS, type Schema, type TagType } from '@/shared/api';

export type HistoryEntry = Schema<'HistoryEntry'>;
export type HistoryPage = Schema<'HistoryPage'>;

/** The records whose history the API answers, with where it is and the cache tag it follows. */
export const HISTORY_OF = {
  waybill: { path: (key: string) => `/api/waybills/${encodeURIComponent(key)}/history/`, tag: TAGS.waybill },
  worklog: { path: (key: string) => `/api/worklogs/${encodeURIComponent(key)}/history/`, tag: TAGS.worklog },
  invoice: { path: (key: string) => `/api/invoices/${encodeURIComponent(key)}/history/`, tag: TAGS.invoice },
  user: { path: (key: string) => `/api/user/${encodeURIComponent(key)}/history/`, tag: TAGS.user },
  incoming_waybill: { path: (key: string) => `/api/evr/incoming/${encodeURIComponent(key)}/history`, tag: TAGS.incomingWaybill },
} as const satisfies Record<string, { path: (key: string) => string; tag: TagType }>;

export type HistoryOf = keyof typeof HISTORY_OF;

export interface HistoryParams {
  readonly entity: HistoryOf;
  readonly key: string;
  readonly pageNumber?: number;
}

export const historyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** One page of a record's history, newest first; it refreshes with the record. */
    getHistory: build.query<HistoryPage, HistoryParams>({
      query: ({ entity, key, pageNumber }) => ({
        url: HISTORY_OF[entity].path(key),
        params: pageNumber && pageNumber > 1 ? { pageNumber } : {},
      }),
      providesTags: (_page, _error, { entity, key }) => [{ type: HISTORY_OF[entity].tag, id: key }],
    }),
  }),
});

export const { useGetHistoryQuery } = historyApi;
