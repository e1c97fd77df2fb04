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

/**
 * A `change` event of `GET /api/events/`: what changed (the kind of record, its key and new
 * version), how, and who (a name); never the record's data. The server sends it, the web app and
 * the mocks read and answer it.
 */
export interface ChangeEvent {
  readonly id: number;
  readonly entity: string;
  readonly key: string;
  readonly version: number | null;
  readonly action: HistoryAction;
  readonly actor: string | null;
}

/** Kinds of record only staff may read: their events go to staff only. */
export const STAFF_ONLY_ENTITIES: readonly string[] = ['user'];

/** Whether a caller may be told of a change to this kind of record. */
export const mayReceiveChange = (entity: string, isStaff: boolean): boolean => isStaff || !STAFF_ONLY_ENTITIES.includes(entity);
