import { HttpResponse } from 'msw';
import {
  CLIENT_HEADER,
  LIMITS,
  historyChangesFor,
  personFor,
  integerProblem,
  lastPageOf,
  type HistoryAction,
  type HistoryEntity,
  type HistoryVia,
} from '@timberlog/contract';

import type { Schema } from '../api';

import { isDemoRecord, mockCaller, mockDb, mockHistory, nextHistoryId, type MockDb } from './db';
import { fieldErrors, notFound } from './list';
import { message, requestLocale } from './messages';

/**
 * Record histories as the server's database writes them (migration 022's trigger): an entry per
 * create, per update that changes a recorded column, and per delete; who (the caller and their
 * name then), how (`web` with the web app's header, `api` otherwise), the version after the change
 * (before it, for a delete), the reason of a correction, and each changed column before and after
 * as PostgreSQL writes it as text. The demo records were inserted by the seed: their history
 * starts with a `created` entry of the system.
 */

type Entry = Schema<'HistoryEntry'>;

/** How PostgreSQL writes a column's value as text (`to_jsonb(row) ->> column`). */
type Column = 'text' | 'number' | 'boolean' | 'timestamp' | 'json' | 'fixed2';

interface Source {
  collection: keyof MockDb;
  key: string;
  /** How the seed's records came (the server's seed sets it): by default the system's job. */
  seededVia?: HistoryVia;
  /** The recorded columns as the API names them (the others are joined in, computed, or kept by the system). */
  columns: Readonly<Record<string, Column>>;
}

const text = (...names: string[]) => Object.fromEntries(names.map((name) => [name, 'text' as const]));
/** Integers and decimals (decimals as the API's strings, their scale kept as the column's). */
const numbers = (...names: string[]) => Object.fromEntries(names.map((name) => [name, 'number' as const]));

/** Each kind of record: where the mocks keep it, its key, and the columns its history records (server/src/shared/db.ts). */
const SOURCES: Readonly<Record<HistoryEntity, Source>> = {
  waybill: {
    collection: 'waybills',
    key: 'number',
    columns: {
      ...text('status', 'transportDate', 'origin', 'destination', 'destinationCompany', 'driverName', 'vehicleNumber'),
      ...text('assortment', 'invoice', 'notes'),
      mileage: 'number',
      quantity: 'number',
      // The EVR fields (migration 035).
      ...text('ownerCompany', 'ownerPersonName', 'ownerPersonCode', 'transporterCompany', 'driverIdCode', 'driverPhone', 'trailerNumber'),
      ...text('holdingBasisType', 'cadastralNumber', 'compartment', 'forestAllocationNumber', 'forestNotificationNumber'),
      ...text('contractNumber', 'contractDate', 'previousOwnerName', 'previousOwnerCode', 'previousOwnerAddress'),
      ...text('eudrReferenceNumber', 'eudrVerificationNumber', 'evrNumber', 'evrStatus', 'evrSync', 'evrFailure'),
      departureTime: 'timestamp',
      grossMass: 'number',
      certificateClaims: 'json',
    },
  },
  worklog: {
    collection: 'worklogs',
    key: 'number',
    columns: {
      ...text('action', 'workerName', 'assortment', 'waybill', 'notes'),
      quantity: 'number',
      timestamp: 'timestamp',
      warehouse: 'number',
      durationMinutes: 'number',
    },
  },
  invoice: {
    collection: 'invoices',
    key: 'number',
    columns: {
      ...text('status', 'customer', 'issueDate', 'dueDate', 'currency', 'syncError', 'syncFailure', 'externalId', 'sentTo', 'sendError'),
      ...numbers('netTotal', 'vatRate', 'vatTotal', 'grossTotal', 'syncAttempts'),
      sendAttempts: 'number',
      syncedAt: 'timestamp',
      sentAt: 'timestamp',
    },
  },
  user: { collection: 'users', key: 'email', columns: { name: 'text', isActive: 'boolean', isStaff: 'boolean' } },
  assortment_type: { collection: 'assortmentTypes', key: 'id', columns: text('name', 'nameEt', 'description', 'evrProductGroup') },
  assortment: {
    collection: 'assortments',
    key: 'code',
    columns: { ...text('name', 'species', 'unit'), ...numbers('unitPrice', 'assortmentType'), isActive: 'boolean' },
  },
  company: {
    collection: 'companies',
    key: 'registryCode',
    columns: { ...text('name', 'vatNumber', 'address', 'county', 'city', 'street', 'email', 'language'), isInvoiceCustomer: 'boolean' },
  },
  warehouse: {
    collection: 'warehouses',
    key: 'id',
    columns: {
      ...text('name', 'company', 'originCode', 'destinationCode', 'address', 'evrPlaceCode', 'county', 'city', 'street'),
      coordX: 'fixed2',
      coordY: 'fixed2',
    },
  },
  worker: { collection: 'workers', key: 'workerName', columns: text('company') },
  // Written by the EVR poller only (the mocks never change one): the columns of migration 044.
  incoming_waybill: { collection: 'incomingWaybills', key: 'evrNumber', columns: text('evrStatus'), seededVia: 'evr' },
};

type Row = Record<string, unknown>;
/** A column's value as the API answers it. */
type Value = string | number | boolean | null | undefined;

/** A value as jsonb writes it as text: `{"code": "FSCMIX", "number": null}`, an object's keys shorter first, then in byte order. */
const jsonbText = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(jsonbText).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((key) => `${JSON.stringify(key)}: ${jsonbText((value as Record<string, unknown>)[key])}`).join(', ')}}`;
  }
  return JSON.stringify(value ?? null);
};

/** The record of a kind by its key as the mocks hold it now. */
export function currentRecord(entity: HistoryEntity, key: string): Row | undefined {
  const source = SOURCES[entity];
  return (mockDb[source.collection] as readonly Row[]).find((row) => String(row[source.key]) === key);
}

/** `2026-11-20T08:15:00.120Z` as a timestamptz in JSON on a UTC connection: `2026-11-20T08:15:00.12+00:00`. */
const timestampText = (value: string): string => {
  const match = /^(.{19})(?:\.(\d+))?Z$/.exec(new Date(value).toISOString());
  if (!match) return value;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return `${match[1]}${fraction ? `.${fraction}` : ''}+00:00`;
};

const asText = (column: Column, value: Value): string | null => {
  if (value === null || value === undefined) return null;
  if (column === 'timestamp') return timestampText(String(value));
  if (column === 'fixed2') return Number(value).toFixed(2);
  return String(value);
};

/** The column's SQL name: `driverName` → `driver_name`. */
const sqlName = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Two values the database holds as equal: numbers compare as numbers (`31.2` and `31.200`). */
const same = (column: Column, before: Value, after: Value): boolean => {
  if (before === after) return true;
  if (before === null || before === undefined || after === null || after === undefined) return (before ?? null) === (after ?? null);
  if (column === 'number') return Number(before) === Number(after);
  if (column === 'timestamp') return Date.parse(String(before)) === Date.parse(String(after));
  if (column === 'fixed2') return asText(column, before) === asText(column, after);
  return String(before) === String(after);
};

export interface HistoryOptions {
  /** Why, when the person said (a correction). */
  reason?: string | undefined;
  /** Columns changed whose values are secret (a password): recorded with neither value. */
  secret?: readonly string[];
  /** How the change came when not by the request's own call: a bulk action or an import. */
  via?: HistoryVia;
}

/**
 * Writes the history entry of a change made by `request`'s caller, as the server's trigger would:
 * an update that changes no recorded column writes none. `after` is the record as stored after
 * the change; `before` as it was (none for a create).
 */
export function recordHistory(
  request: Request,
  entity: HistoryEntity,
  key: string,
  action: HistoryAction,
  before: Row | undefined,
  after: Row | undefined,
  options: HistoryOptions = {},
): void {
  const source = SOURCES[entity];
  const changes: Entry['changes'][number][] = [];
  if (action === 'updated') {
    for (const [field, column] of Object.entries(source.columns)) {
      // A jsonb column is recorded as its text, compared as such.
      const value = (row: Row | undefined): Value =>
        column === 'json' ? (row?.[field] === undefined ? undefined : jsonbText(row[field])) : (row?.[field] as Value);
      const was = value(before);
      const is = value(after);
      if (same(column, was, is)) continue;
      changes.push({ field, before: asText(column, was), after: asText(column, is) });
    }
    for (const field of options.secret ?? []) changes.push({ field, before: null, after: null });
    if (changes.length === 0) return;
    // In the order jsonb keeps an object's keys: shorter names first, then byte order.
    const order = (field: string) => (field === 'password' ? 'password_hash' : sqlName(field));
    changes.sort((a, b) => {
      const left = order(a.field);
      const right = order(b.field);
      return left.length - right.length || (left < right ? -1 : left > right ? 1 : 0);
    });
  }
  const caller = mockCaller(request);
  const name = mockDb.users.find((user) => user.email === caller.email)?.name;
  const version = (after ?? before)?.version;
  mockHistory.push({
    entity,
    key,
    entry: {
      id: nextHistoryId(),
      at: new Date().toISOString(),
      action,
      actor: { email: caller.email, name: name ?? '' },
      via: options.via ?? (request.headers.get(CLIENT_HEADER) === 'web' ? 'web' : 'api'),
      version: typeof version === 'number' ? version : null,
      reason: options.reason?.trim() || null,
      changes,
    },
  });
}

/** A record's entries, newest first; one the seed inserted (or a story put in place) starts with the system's `created`. */
function entriesOf(entity: HistoryEntity, key: string, record: Row | undefined): Entry[] {
  const source = SOURCES[entity];
  const seeded = isDemoRecord(source.collection, source.key, key);
  const own = mockHistory.filter((item) => item.entity === entity && item.key === key).map((item) => item.entry);
  const start: Entry[] =
    (seeded || record) && !own.some((entry) => entry.action === 'created')
      ? [
          {
            id: 1,
            at: typeof record?.createdAt === 'string' ? record.createdAt : new Date(0).toISOString(),
            action: 'created',
            actor: null,
            via: source.seededVia ?? 'job',
            version: 1,
            reason: null,
            changes: [],
          },
        ]
      : [];
  return [...start, ...own].reverse();
}

/**
 * `GET …/history/` as the server answers it: the paging parameters checked, newest first, 404 for
 * a record with no history the caller may read (a deleted record's is for staff) and for a page
 * past the last.
 */
export function historyResponse(request: Request, entity: HistoryEntity, key: string): Response {
  const url = new URL(request.url);
  const errors: Record<string, string[]> = {};
  const paging = (name: string, fallback: number, max: number) => {
    const raw = url.searchParams.get(name);
    if (raw === null) return fallback;
    const problem = integerProblem(raw, 1, max);
    if (problem) (errors[name] ??= []).push(message(request, problem.key, problem.params));
    return problem ? fallback : Number(raw);
  };
  const pageNumber = paging('pageNumber', 1, LIMITS.pageNumberMax);
  const pageSize = paging('pageSize', LIMITS.pageSizeDefault, LIMITS.pageSizeMax);
  if (Object.keys(errors).length > 0) return fieldErrors(errors);
  const record = currentRecord(entity, key);
  const staff = mockCaller(request).isStaff;
  if (!record && !staff) return notFound(request);
  // Raw errors of outside systems are staff's; others read the reason (the contract's rule, as the server).
  const locale = requestLocale(request);
  const viewer = mockCaller(request);
  // Others' e-mail addresses are staff's (the contract's personFor), as the server answers.
  const entries = entriesOf(entity, key, record).map((entry) => ({
    ...entry,
    actor: entry.actor && entry.actor.email ? personFor(viewer, entry.actor.email, entry.actor.name) : entry.actor,
    changes: historyChangesFor(entry.changes, staff, locale),
  }));
  if (entries.length === 0 && !record) return notFound(request);
  const pages = lastPageOf(entries.length, pageSize);
  if (pageNumber > pages) return HttpResponse.json({ detail: message(request, 'page.invalid'), count: entries.length }, { status: 404 });
  const pageUrl = (page: number) => {
    const next = new URL(url);
    next.searchParams.set('pageNumber', String(page));
    return next.toString();
  };
  return HttpResponse.json({
    count: entries.length,
    next: pageNumber < pages ? pageUrl(pageNumber + 1) : null,
    previous: pageNumber > 1 ? pageUrl(pageNumber - 1) : null,
    results: entries.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
  });
}
