import { pickLocale, versionConflictDetail, type HistoryEntity } from '@timberlog/contract';
import { HttpResponse } from 'msw';

import { lastChangedBy, mockCaller, mockDb } from './db';
import { currentRecord, recordHistory, type HistoryOptions } from './history';

/**
 * Record versions as the server keeps them (docs/decisions/0009): 1 as seeded, one more with each
 * change; a write whose If-Match names another version answers 412 with who changed the record,
 * when, and the record as it is now. Who made the last change is kept beside the records (the
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

/** The 412 a write with a stale If-Match gets, or undefined when it may go ahead (no If-Match, `*`, or the current version). */
export function versionConflict(
  request: Request,
  kind: HistoryEntity,
  key: string,
  record: { version: number; lastModifiedAt: string },
  current: unknown = record,
): Response | undefined {
  const wanted = request.headers.get('if-match')?.trim();
  if (wanted === undefined || wanted === '*') return undefined;
  const match = /^(?:W\/)?"(\d{1,9})"$/.exec(wanted);
  if (match && Number(match[1]) === record.version) return undefined;
  const detail = versionConflictDetail(
    pickLocale(request.headers.get('accept-language')),
    lastChangedBy.get(`${kind}:${key}`) ?? null,
    record.lastModifiedAt,
  );
  return HttpResponse.json({ detail, current }, { status: 412, headers: { ETag: `"${record.version}"` } });
}
