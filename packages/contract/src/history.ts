/**
 * Record histories (migration 022): what an entry says happened, how the change reached the
 * server, and the name each kind of record is kept under. The server's schemas, its transaction
 * helper and the mocks read them from here.
 */

/** What a history entry records. */
export const HISTORY_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** How a change came: the web app, another API client, an import, a bulk action, a background job. */
export const HISTORY_VIA = ['web', 'api', 'import', 'bulk', 'job'] as const;
export type HistoryVia = (typeof HISTORY_VIA)[number];

/** The kinds of record with a history, as the database's triggers name them (`history.entity`). */
export const HISTORY_ENTITIES = [
  'waybill',
  'worklog',
  'invoice',
  'user',
  'assortment_type',
  'assortment',
  'company',
  'warehouse',
  'worker',
] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];
