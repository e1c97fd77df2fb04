import { pickLocale, versionConflictDetail } from '@timberlog/contract';
import { HttpResponse } from 'msw';

import { lastChangedBy, mockCaller, mockDb } from './db';

/**
 * Record versions as the server keeps them (docs/decisions/0009): 1 as seeded, one more with each
 * change; a write whose If-Match names another version answers 412 with who changed the record,
 * when, and the record as it is now. Who made the last change is kept beside the records (the
 * server keeps it in a column the API does not answer).
 */
/** The record's next state after a change by the request's caller: its version moved on. */
export function changed<T extends { version: number }>(request: Request, kind: string, key: string, next: T): T {
  const caller = mockCaller(request);
  lastChangedBy.set(`${kind}:${key}`, mockDb.users.find((user) => user.email === caller.email)?.name || caller.email);
  return { ...next, version: next.version + 1 };
}

/** Remembers who made a record the request creates. */
export function created(request: Request, kind: string, key: string): void {
  changed(request, kind, key, { version: 0 });
}

/** The 412 a write with a stale If-Match gets, or undefined when it may go ahead (no If-Match, `*`, or the current version). */
export function versionConflict(
  request: Request,
  kind: string,
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
