import { DEMO_USERS, createDemoData, incomingDocument, type DemoData } from '@timberlog/contract/demo-data';
import { DOCUMENT_NUMBER, documentNumber } from '@timberlog/contract';

import type { Schema } from '../api';

import { incomingAnswer } from './incoming';

/** The one in-memory data set behind every mock handler (Storybook, Jest and the mock mode). */
export interface MockDb {
  users: Schema<'User'>[];
  assortmentTypes: Schema<'AssortmentType'>[];
  assortments: Schema<'Assortment'>[];
  companies: Schema<'Company'>[];
  warehouses: Schema<'Warehouse'>[];
  workers: Schema<'Worker'>[];
  waybills: Schema<'Waybill'>[];
  worklogs: Schema<'Worklog'>[];
  invoices: Schema<'Invoice'>[];
  exportRequests: Schema<'ExportRequest'>[];
  /** Loads others started to us in EVR, as the server keeps them (incoming.ts). */
  incomingWaybills: Schema<'IncomingWaybill'>[];
}

const COLLECTIONS = [
  'users',
  'assortmentTypes',
  'assortments',
  'companies',
  'warehouses',
  'workers',
  'waybills',
  'worklogs',
  'invoices',
  'exportRequests',
  'incomingWaybills',
] as const satisfies readonly (keyof MockDb)[];

/** Records that carry a version, as the server's: 1 as seeded (the seed only inserts), one more with each change (`changed`). */
const VERSIONED: ReadonlySet<keyof MockDb> = new Set([
  'users',
  'waybills',
  'worklogs',
  'invoices',
  'assortmentTypes',
  'assortments',
  'companies',
  'warehouses',
  'workers',
]);

/** Who made a record's last change (`kind:key` to a name): the server keeps it in a column the API does not answer. */
export const lastChangedBy = new Map<string, string>();

/** The history entries the mocks' writes made (history.ts), oldest first; the seed's are implied by the demo data. */
export const mockHistory: { entity: string; key: string; entry: Schema<'HistoryEntry'> }[] = [];
let historyIds = 0;
/** The next entry's id: after any the seed's entries could take. */
export const nextHistoryId = (): number => 1_000_000 + ++historyIds;

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
};

// The contract's demo data: the very records the server's seed inserts (the parity test compares
// the two). Built once, on first use, and frozen: handlers replace records, never change them in
// place, so a reset only has to drop the changed arrays.
let pristine: Readonly<DemoData> | undefined;
const demo = (): Readonly<DemoData> => (pristine ??= deepFreeze(createDemoData()));

let state: Partial<MockDb> = {};
let sequences: DemoData['sequences'] | undefined;

/** The shared data set. Handlers read and replace its records; `resetMockDb()` starts over. */
export const mockDb = {} as MockDb;
for (const key of COLLECTIONS) {
  Object.defineProperty(mockDb, key, {
    enumerable: true,
    get: () =>
      (state[key] ??= (
        key === 'exportRequests'
          ? []
          : key === 'incomingWaybills'
            ? demo().incoming.map((stored) => incomingAnswer(incomingDocument(stored), demo().warehouses))
            : VERSIONED.has(key)
              ? demo()[key].map((record) => ({ ...record, version: 1 }))
              : [...demo()[key]]
      ) as never),
    set: (value: MockDb[typeof key]) => {
      state[key] = value as never;
    },
  });
}

/** Back to the demo data as the server seeds it (tests call it before each case). */
const resetHooks = new Set<() => void>();

/** Runs `hook` with every resetMockDb (state that handlers keep beside the collections, e.g. saved views). */
export function onMockReset(hook: () => void): void {
  resetHooks.add(hook);
}

export function resetMockDb(): void {
  for (const hook of resetHooks) hook();
  state = {};
  lastChangedBy.clear();
  mockHistory.length = 0;
  historyIds = 0;
  sequences = undefined;
}

/** Whether the demo data (the records the server's seed inserts) holds a record of `collection` with this key. */
export function isDemoRecord(collection: keyof MockDb, keyField: string, key: string): boolean {
  if (collection === 'exportRequests') return false;
  if (collection === 'incomingWaybills') return demo().incoming.some((stored) => stored.waybill.number === key);
  return (demo()[collection] as readonly object[]).some((row) => String((row as Record<string, unknown>)[keyField]) === key);
}

/** The next number the server would assign: `W-2026-002001` after the demo data's 2000 waybills. */
export function nextNumber(kind: keyof DemoData['sequences']): string {
  sequences ??= { ...demo().sequences };
  sequences[kind] += 1;
  const prefix = { waybill: DOCUMENT_NUMBER.waybillPrefix, worklog: DOCUMENT_NUMBER.worklogPrefix, invoice: DOCUMENT_NUMBER.invoicePrefix }[
    kind
  ];
  return documentNumber(prefix, new Date().getUTCFullYear(), sequences[kind]);
}

/** Replaces a record in a collection by a key; returns the stored record. */
export function replaceRecord<T>(items: T[], match: (item: T) => boolean, next: T): T {
  const index = items.findIndex(match);
  if (index === -1) items.push(next);
  else items[index] = next;
  return next;
}

export interface MockCaller {
  email: string;
  isStaff: boolean;
}

/** The account the mocks treat as signed in when a request carries no token they can read. */
export const MOCK_DEFAULT_CALLER: MockCaller = { email: DEMO_USERS.user.email, isStaff: false };

const decodeJwtPayload = (token: string): Record<string, unknown> | undefined => {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

/**
 * Who makes a request: the `user_id` of a bearer JWT (read, not verified: the mocks have no key),
 * the account named in a mock token (`mock-access-token:<email>`), or the default demo user.
 */
export function mockCaller(request: Request): MockCaller {
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  const email = (decodeJwtPayload(token)?.user_id as string | undefined) ?? /^mock-access-token:(.+)$/.exec(token)?.[1];
  const user = email ? mockDb.users.find((item) => item.email === email) : undefined;
  return user ? { email: user.email, isStaff: user.isStaff } : MOCK_DEFAULT_CALLER;
}

/** A new record's creator, as the server answers it: the caller's account and its name. */
export function createdByCaller(request: Request): { createdBy: string; createdByName: string | null } {
  const { email } = mockCaller(request);
  return { createdBy: email, createdByName: mockDb.users.find((item) => item.email === email)?.name ?? null };
}

/** Demo accounts' passwords, by email (the mocks' sign-in checks them). */
export const mockPassword = (email: string): string | undefined => demo().passwords[email];
