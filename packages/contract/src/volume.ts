/**
 * Working at volume: saved views of the lists (their columns and row density), totals of a
 * filtered list, bulk actions on waybills and waybill imports from spreadsheets. The server
 * validates with these, the mocks answer with them and the web app builds its menus from them.
 */
import { LIMITS, type WaybillStatus } from './limits.ts';
import { LISTS, type ListName } from './lists.ts';
import { parseListQuery, queryParams, serializeListQuery, type ListState } from './list-query.ts';
import type { MessageKey, MessageParams } from './messages.ts';

/** The lists a saved view can be of. */
export const SAVED_VIEW_LISTS = ['waybills', 'worklogs', 'invoices', 'users'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/** Row density of a list. */
export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];

export const SAVED_VIEW = {
  nameMaxLength: 100,
  /** The longest `query` a view keeps (the list's URL query, without `?`). */
  queryMaxLength: 2000,
  /** Views one user may own per list. */
  perUserPerList: 50,
  defaultDensity: 'comfortable' as Density,
} as const;

/** A column of a list: its id (the record field it shows) and whether the list shows it when no columns are chosen. */
export interface ListColumn {
  readonly id: string;
  readonly default: boolean;
}

const columns = (defaults: readonly string[], others: readonly string[]): readonly ListColumn[] => [
  ...defaults.map((id) => ({ id, default: true })),
  ...others.map((id) => ({ id, default: false })),
];

/**
 * The columns each list can show, in their default order: the default ones first (the waybill
 * defaults fit a 1280 px screen), then the ones a user may add. A view's `columns` holds ids of
 * these, in the order shown.
 */
export const LIST_COLUMNS: Readonly<Record<SavedViewList, readonly ListColumn[]>> = {
  waybills: columns(
    ['number', 'status', 'transportDate', 'origin', 'destination', 'assortment', 'quantity', 'driverName'],
    [
      'destinationCompany',
      'vehicleNumber',
      'mileage',
      'invoice',
      'notes',
      'createdBy',
      'createdAt',
      'lastModifiedAt',
      // The EVR fields an office checks across waybills.
      'ownerCompany',
      'transporterCompany',
      'departureTime',
      'holdingBasisType',
      'cadastralNumber',
      'certificateClaims',
      'eudrReferenceNumber',
      'evrNumber',
      'evrState',
      'evrDifference',
    ],
  ),
  worklogs: columns(
    ['number', 'timestamp', 'action', 'warehouse', 'workerName', 'assortment', 'quantity', 'durationMinutes'],
    ['warehouseCompany', 'waybill', 'notes', 'createdBy', 'createdAt', 'lastModifiedAt'],
  ),
  invoices: columns(
    ['number', 'status', 'customer', 'issueDate', 'dueDate', 'netTotal', 'grossTotal'],
    ['vatTotal', 'waybills', 'syncedAt', 'createdBy', 'createdAt', 'lastModifiedAt'],
  ),
  users: columns(['email', 'name', 'isActive', 'isStaff', 'lastLogin'], ['emailVerified', 'dateJoined', 'createdAt', 'lastModifiedAt']),
};

/** The columns a list shows when none are chosen, in order. */
export const defaultColumns = (list: SavedViewList): string[] => LIST_COLUMNS[list].filter((c) => c.default).map((c) => c.id);

/** Why a view's message is refused: a message key and its values. */
export interface Problem {
  readonly key: MessageKey;
  readonly params?: MessageParams;
}

/**
 * A list query given as text (a saved view's `query`, a bulk action's `filters`), read with the
 * list's URL codec (parseListQuery) and written back (serializeListQuery) without the page number.
 * A query with anything the codec would drop (an unknown parameter, a value the list refuses, a
 * clamped page size) is refused, so a view never holds a filter the list does not know.
 */
export function checkListQuery(list: ListName, query: string): { query: string; state: ListState } | { problem: Problem } {
  const text = query.startsWith('?') ? query.slice(1) : query;
  if ([...text].length > SAVED_VIEW.queryMaxLength)
    return { problem: { key: 'field.maxLength', params: { limit: SAVED_VIEW.queryMaxLength } } };
  const { state, ignored } = parseListQuery(LISTS[list], queryParams(text));
  const first = ignored[0];
  if (first) {
    return {
      problem: {
        key: first.reason === 'unknown' ? 'query.unknownParam' : 'query.invalidValue',
        params: { name: first.name.slice(0, 50), value: first.value.slice(0, 50) },
      },
    };
  }
  const kept = { ...state, pageNumber: 1 };
  return { query: serializeListQuery(LISTS[list], kept).toString(), state: kept };
}

/** A saved view's `query` as it is kept (checkListQuery). */
export const savedViewQuery = (list: SavedViewList, query: string) => checkListQuery(list, query);

/** Why a view's `columns` are refused, or undefined: ids of the list's columns, each once, at least one. */
export function savedViewColumnsProblem(list: SavedViewList, ids: readonly string[]): Problem | undefined {
  const known = new Set(LIST_COLUMNS[list].map((c) => c.id));
  const seen = new Set<string>();
  for (const id of ids) {
    if (!known.has(id))
      return {
        key: 'field.enum',
        params: {
          value: id.slice(0, 50),
          choices: LIST_COLUMNS[list].map((c) => c.id).join(', '),
        },
      };
    if (seen.has(id)) return { key: 'savedView.columnTwice', params: { value: id } };
    seen.add(id);
  }
  return undefined;
}

/**
 * Bulk actions on waybills. `undo` takes back what another bulk action changed: each row goes back
 * to the status its row names (the `from` of the result undone), by the rules of a single change
 * (undo.ts says which moves back the rules allow).
 */
export const BULK_ACTIONS = ['confirm', 'deliver', 'cancel', 'delete', 'export', 'undo'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The status each status-changing bulk action moves a waybill to (as one PATCH of its status would). */
export const BULK_ACTION_STATUS: Readonly<Partial<Record<BulkAction, WaybillStatus>>> = {
  confirm: 'confirmed',
  deliver: 'delivered',
  cancel: 'cancelled',
};

export const BULK = {
  /** The most rows one bulk action takes. */
  maxRows: 10_000,
  /** Above this many rows a bulk action runs as a background job (its progress polled). */
  inlineMaxRows: 200,
} as const;

/**
 * What a bulk action did (or, in a dry run, would do) to one waybill: `done` (would be done),
 * `unchanged` when it already has the status the action sets (nothing is written), `refused` with
 * the reason the single-record call would answer, `stale` when it changed since the version the
 * caller read (who changed it and when; nothing is written), `missing` when no waybill has the number.
 */
export const BULK_OUTCOMES = ['done', 'unchanged', 'refused', 'stale', 'missing'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

/** Background work on many rows (bulk actions and imports): its states. */
export const BATCH_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** Imports from spreadsheets (waybills and worklogs). */
export const IMPORT = {
  /** The most data rows one file may hold. */
  maxRows: 10_000,
  /** The largest file taken, in bytes. */
  maxBytes: 10 * 1024 * 1024,
  /** Above this many rows a real import runs as a background job. */
  inlineMaxRows: 200,
  /** The most row errors one answer lists (the count of invalid rows is always exact). */
  maxErrors: 1000,
  formats: ['csv', 'xlsx'] as const,
  xlsxType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The longest `columns` parameter of an import (the field of each column, comma-separated); apart from IMPORT, which the list pages load. */
export const IMPORT_COLUMNS_MAX_LENGTH = 2000;

/** The records an import creates. */
export const IMPORT_RECORDS = ['waybills', 'worklogs'] as const;
export type ImportRecord = (typeof IMPORT_RECORDS)[number];

/** A file name as the history names it: its base name, at most this long. */
export const importFileName = (name: string | undefined): string =>
  (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, LIMITS.shortTextMaxLength);
