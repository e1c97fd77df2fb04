import type { ChangeEvent } from '@timberlog/contract';

import { isBeingInvoiced } from '@/entities/invoice';
import { baseApi, TAGS, type TagType } from '@/shared/api';

import { noteChange } from './liveState';

/** One `change` event of `GET /api/events/` (the contract's): what changed, never its data. */
export type { ChangeEvent };

/** The cache tag of each record kind the server announces. */
export const ENTITY_TAGS: Readonly<Record<string, TagType>> = {
  waybill: TAGS.waybill,
  worklog: TAGS.worklog,
  invoice: TAGS.invoice,
  user: TAGS.user,
  company: TAGS.company,
  warehouse: TAGS.warehouse,
  assortment: TAGS.assortment,
  assortment_type: TAGS.assortmentType,
  worker: TAGS.worker,
  incoming_waybill: TAGS.incomingWaybill,
};

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

/**
 * Follows one change in the app's cache: a record shown on its own page is fetched again (unless
 * the cache already has that version: the user's own save); rows on screen that show it take its
 * new values in place; lists that may show it are told, and show new or reordered rows when the
 * user asks (admin lists, which people rarely share, update at once); the home
 * counts refresh (`refreshSummary`, debounced by the caller).
 */
export function applyChange(store: StoreLike, event: ChangeEvent, refreshSummary: () => void): void {
  const type = ENTITY_TAGS[event.entity];
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
    const cached = versionOf(endpoint.select(originalArgs)(state).data);
    if (cached !== null && event.version !== null && cached >= event.version) {
      alreadyShown = true;
      continue;
    }
    store.dispatch(endpoint.initiate(originalArgs, { subscribe: false, forceRefetch: true }));
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
