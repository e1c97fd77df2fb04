import type { ChangeEvent } from '@timberlog/contract';

import { isBeingInvoiced } from '@/entities/invoice';
import { baseApi, TAGS, type TagType } from '@/shared/api';

import { noteChange } from './liveState';

/** One `change` event of `GET /api/events/` (the contract's): what changed, never its data. */
export type { ChangeEvent };

/**
 * The cache tag of a record kind the server announces: TAGS names each by its name in camelCase
 * (`assortment_type`: `assortmentType`).
 */
const tagOf = (entity: string): TagType | undefined =>
  (TAGS as Partial<Record<string, TagType>>)[entity.replace(/_./g, (part) => part[1]!.toUpperCase())];

/** Kinds whose lists say "N changed · Show" instead of moving rows under the user's pointer. */
const NOTICED_LISTS = new Set(['waybill', 'worklog', 'invoice', 'user']);

export interface CacheEntry {
  readonly endpointName: string;
  readonly originalArgs: unknown;
}

export interface StoreLike {
  readonly getState: () => unknown;
  readonly dispatch: (action: unknown) => unknown;
}

export type Endpoints = Record<
  string,
  {
    select: (args: unknown) => (state: unknown) => { data?: unknown };
    initiate: (args: unknown, options: { subscribe: false; forceRefetch: true }) => unknown;
  }
>;

const versionOf = (data: unknown): number | null => {
  const version = (data as { version?: unknown } | null | undefined)?.version;
  return typeof version === 'number' ? version : null;
};

const isList = (endpointName: string) => endpointName.startsWith('list');

/** Whether the cache already holds `version` of the record (or a later one). */
const shows = (endpoint: Endpoints[string], args: unknown, state: unknown, version: number | null): boolean => {
  const cached = versionOf(endpoint.select(args)(state).data);
  return cached !== null && version !== null && cached >= version;
};

/**
 * Fetches the record again. RTK Query starts no fetch while one of the same record is in flight
 * (a forced refetch then does nothing), and that one may have been read before this change (the
 * refresh after the user's own save, while a job changes the record at once): so it waits for
 * that one to end, then fetches again unless it brought this version.
 */
function refetchUntilShown(store: StoreLike, name: string, endpoint: Endpoints[string], args: unknown, version: number | null) {
  const refetch = () => {
    if (!shows(endpoint, args, store.getState(), version))
      store.dispatch(endpoint.initiate(args, { subscribe: false, forceRefetch: true }));
  };
  const running = store.dispatch(baseApi.util.getRunningQueryThunk(name as never, args as never)) as PromiseLike<unknown> | undefined;
  if (running) running.then(refetch, refetch);
  else refetch();
}

/**
 * Follows one change in the app's cache: a record shown on its own page is fetched again (unless
 * the cache already has that version: the user's own save); rows on screen that show it take its
 * new values in place; lists that may show it are told, and show new or reordered rows when the
 * user asks (admin lists, which people rarely share, update at once); the home
 * counts refresh (`refreshSummary`, debounced by the caller).
 */
export function applyChange(store: StoreLike, event: ChangeEvent, refreshSummary: () => void): void {
  const type = tagOf(event.entity);
  if (!type) return;
  const state = store.getState();
  const endpoints = baseApi.endpoints as unknown as Endpoints;
  const entries = baseApi.util.selectInvalidatedBy(state as never, [{ type, id: event.key }]) as CacheEntry[];

  const invoiced = event.entity === 'waybill' && isBeingInvoiced(event.key);
  let alreadyShown = false;
  const lists: CacheEntry[] = [];
  for (const { endpointName, originalArgs } of entries) {
    if (isList(endpointName)) {
      lists.push({ endpointName, originalArgs });
      continue;
    }
    if (invoiced && endpointName === 'previewInvoice') continue;
    const endpoint = endpoints[endpointName];
    if (!endpoint) continue;
    if (shows(endpoint, originalArgs, state, event.version)) {
      alreadyShown = true;
      continue;
    }
    refetchUntilShown(store, endpointName, endpoint, originalArgs, event.version);
  }

  if (NOTICED_LISTS.has(event.entity)) {
    if (!alreadyShown) noteChange(event.entity, event.key, event.version, event.actor);
    // Rows on screen take a colleague's values where they stand (loaded with the first such change).
    if (!alreadyShown && lists.length > 0) void import('./patchRows').then(({ patchShownRows }) => patchShownRows(store, event, lists));
  } else {
    store.dispatch(baseApi.util.invalidateTags([{ type, id: 'LIST' }]));
  }
  if (event.entity === 'waybill' || event.entity === 'invoice' || event.entity === 'worklog') refreshSummary();
}

/** After a gap the stream cannot fill: everything shown is fetched again. */
export function refetchEverything(store: StoreLike): void {
  store.dispatch(baseApi.util.invalidateTags(Object.values(TAGS)));
}
