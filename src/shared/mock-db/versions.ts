import { pickLocale, UNCONFLICTING_VIA, versionConflictDetail, type HistoryEntity } from '@timberlog/contract';
import { http, HttpResponse, type HttpHandler } from 'msw';

import { lastChangedBy, mockCaller, mockDb, mockHistory } from './db';
import { currentRecord, recordHistory, type HistoryOptions } from './history';
import { message } from './messages';

/**
 * Record versions as the server keeps them (docs/decisions/0009): 1 as seeded, one more with each
 * change; a write to an existing record without If-Match (or with `*`) answers 428, and one whose
 * If-Match names another version, or is a weak tag, 412 with who changed the record, when, and the
 * record as it is now. Who made the last change is kept beside the records (the
 * server keeps it in a column the API does not answer). Every change is written to the record's
 * history (history.ts) as the server's database writes it.
 */
const remember = (request: Request, kind: HistoryEntity, key: string) => {
  const caller = mockCaller(request);
  lastChangedBy.set(`${kind}:${key}`, mockDb.users.find((user) => user.email === caller.email)?.name || caller.email);
};

/**
 * The record's next state after a change by the request's caller: its version moved on, and the
 * change is in its history (the fields that differ from the record as stored now). Call it before
 * the record is replaced.
 */
export function changed<T extends { version: number }>(
  request: Request,
  kind: HistoryEntity,
  key: string,
  next: T,
  options: HistoryOptions = {},
): T {
  remember(request, kind, key);
  const after = { ...next, version: next.version + 1 };
  recordHistory(request, kind, key, 'updated', currentRecord(kind, key), after, options);
  return after;
}

/** Remembers who made a record the request creates, and writes its `created` entry. */
export function created(request: Request, kind: HistoryEntity, key: string, options: HistoryOptions = {}): void {
  remember(request, kind, key);
  recordHistory(request, kind, key, 'created', undefined, { version: 1 }, options);
}

/** Writes the `deleted` entry of a record the request deletes (its history stays readable by staff). Call it before it is removed. */
export function deleted(request: Request, kind: HistoryEntity, key: string, options: HistoryOptions = {}): void {
  recordHistory(request, kind, key, 'deleted', currentRecord(kind, key), undefined, options);
}

/** The version a request's If-Match names: undefined without one or with `*` (no version), NaN for one no version matches (a weak tag). */
export function ifMatchVersion(request: Request): number | undefined {
  const wanted = request.headers.get('if-match')?.trim();
  if (!wanted || wanted === '*') return undefined;
  // Writes compare strongly (RFC 9110): a weak tag never matches.
  const match = /^"(\d{1,9})"$/.exec(wanted);
  return match ? Number(match[1]) : Number.NaN;
}

/** The 428 of a write that names no version, as the server words it; undefined when it names one. */
export function versionRequired(request: Request): Response | undefined {
  if (ifMatchVersion(request) !== undefined) return undefined;
  return HttpResponse.json({ detail: message(request, 'record.versionRequired') }, { status: 428 });
}

/** The 412 of a write made over another version than `version` (its who and when), with the record as it is now. */
export function staleVersion(
  request: Request,
  record: { version: number; lastModifiedAt: string },
  changedBy: string | null,
  current: unknown,
): Response {
  const detail = versionConflictDetail(pickLocale(request.headers.get('accept-language')), changedBy, record.lastModifiedAt);
  return HttpResponse.json({ detail, current }, { status: 412, headers: { ETag: `"${record.version}"` } });
}

/**
 * Whether a write made on version `expected` still holds at `current`, as the server judges it:
 * the same version, or every version since made by changes that do not conflict with a person's
 * write (the contract's UNCONFLICTING_VIA: EVR's answers). The mock asks each version since to have
 * such an entry (it makes no change without one).
 */
export function stillHolds(kind: HistoryEntity, key: string, expected: number, current: number): boolean {
  if (expected === current) return true;
  if (!Number.isInteger(expected) || expected < 1 || expected > current) return false;
  const unconflicting = new Set(
    mockHistory
      .filter((item) => item.entity === kind && item.key === key && UNCONFLICTING_VIA.includes(item.entry.via))
      .map((item) => item.entry.version),
  );
  for (let version = expected + 1; version <= current; version++) if (!unconflicting.has(version)) return false;
  return true;
}

/** The 428 or 412 a write gets, or undefined when it names the record's version (or one only EVR moved on from). */
export function versionConflict(
  request: Request,
  kind: HistoryEntity,
  key: string,
  record: { version: number; lastModifiedAt: string },
  current: unknown = record,
): Response | undefined {
  const required = versionRequired(request);
  if (required) return required;
  if (stillHolds(kind, key, ifMatchVersion(request)!, record.version)) return undefined;
  return staleVersion(request, record, lastChangedBy.get(`${kind}:${key}`) ?? null, current);
}

/** The 412's words for a record changed since the version read: who changed it and when (a bulk row's `stale` message). */
export const staleDetail = (request: Request, kind: HistoryEntity, key: string, record: { lastModifiedAt: string }): string =>
  versionConflictDetail(
    pickLocale(request.headers.get('accept-language')),
    lastChangedBy.get(`${kind}:${key}`) ?? null,
    record.lastModifiedAt,
  );

/**
 * The writes to an existing record, as the server's routes list If-Match: the server refuses one
 * without it before its body or its record is looked at, so these answer first, ahead of every
 * entity's own handlers, and let the request through when it names a version.
 */
const VERSIONED_WRITES: readonly (readonly ['put' | 'patch' | 'delete' | 'post', string])[] = [
  ...(['put', 'patch', 'delete'] as const).map((method) => [method, '*/api/waybills/:number/'] as const),
  ...(['put', 'patch'] as const).map((method) => [method, '*/api/worklogs/:number/'] as const),
  ['post', '*/api/invoices/:number/retry_sync/'],
  ['post', '*/api/invoices/:number/send/'],
  ...(['put', 'patch'] as const).map((method) => [method, '*/api/user/me'] as const),
  ...(['put', 'patch', 'delete'] as const).map((method) => [method, '*/api/user/:email/'] as const),
  ...(['patch', 'delete'] as const).map((method) => [method, '*/api/saved-views/:id/'] as const),
  ...(['put', 'patch', 'delete'] as const).map((method) => [method, '*/api/admin/:resource/:key'] as const),
];

export const versionRequiredHandlers: readonly HttpHandler[] = VERSIONED_WRITES.map(([method, path]) =>
  http[method](path, ({ request }) => versionRequired(request)),
);
