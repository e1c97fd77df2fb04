import type { ChangeEvent } from '@timberlog/contract';

import { baseApi } from '@/shared/api';

import type { CacheEntry as ListEntry, Endpoints, StoreLike } from './applyChange';

/** Each listed kind's record call and the field its rows are known by. */
const RECORDS: Readonly<Record<string, { readonly endpoint: string; readonly key: string }>> = {
  waybill: { endpoint: 'getWaybill', key: 'number' },
  worklog: { endpoint: 'getWorklog', key: 'number' },
  invoice: { endpoint: 'getInvoice', key: 'number' },
  user: { endpoint: 'getUser', key: 'email' },
};

type Row = Record<string, unknown> & { readonly version?: number };

const rowsOf = (data: unknown): Row[] | undefined => (data as { results?: Row[] } | undefined)?.results;

/**
 * A colleague's change to a record that rows on screen show: the record is fetched once and each
 * such row takes its new values where it stands. Rows never move or vanish here (a row that no
 * longer matches its filters stays until the user asks for the list again: "N changed · Show");
 * a deleted record leaves its row as it was.
 */
export async function patchShownRows(store: StoreLike, event: ChangeEvent, lists: readonly ListEntry[]): Promise<void> {
  const record = RECORDS[event.entity];
  if (!record || event.action === 'deleted') return;
  const endpoints = baseApi.endpoints as unknown as Endpoints;
  const state = store.getState();
  const older = (row: Row) => row[record.key] === event.key && (event.version === null || (row.version ?? 0) < event.version);
  const shown = lists.filter(({ endpointName, originalArgs }) =>
    rowsOf(endpoints[endpointName]?.select(originalArgs)(state).data)?.some(older),
  );
  const fetch = endpoints[record.endpoint];
  if (shown.length === 0 || !fetch) return;
  const { data } = (await (store.dispatch(fetch.initiate(event.key, { subscribe: false, forceRefetch: true })) as Promise<{
    data?: Row;
  }>)) ?? { data: undefined };
  if (!data) return;
  for (const { endpointName, originalArgs } of shown) {
    store.dispatch(
      baseApi.util.updateQueryData(
        endpointName as never,
        originalArgs as never,
        ((draft: { results?: Row[] }) => {
          const row = draft.results?.find((each) => each[record.key] === event.key);
          if (row && (row.version ?? 0) < (data.version ?? 0)) Object.assign(row, data);
        }) as never,
      ),
    );
  }
}
