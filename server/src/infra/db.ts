import { createHash } from 'node:crypto';
import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect, sql, type ColumnType, type Generated } from 'kysely';

// Dates stay 'YYYY-MM-DD' strings and numerics stay decimal strings (never floats).
pg.types.setTypeParser(1082, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v));
// Timestamps travel as ISO 8601 strings in UTC, as Date#toISOString writes them (milliseconds, `Z`).
// The connections' TimeZone is UTC, so PostgreSQL writes `2026-11-20 08:15:00.123456+00`: that
// is rewritten as text (a list page has dozens); anything else goes through Date.
const UTC_STAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;
export const parseTimestamp = (v: string): string => {
  const m = UTC_STAMP.exec(v);
  if (m) return `${m[1]}T${m[2]}.${((m[3] ?? '') + '000').slice(0, 3)}Z`;
  return new Date(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
};
pg.types.setTypeParser(1184, parseTimestamp);

type Stamp = ColumnType<string, Date | string | undefined, Date | string>;
type NullStamp = ColumnType<string | null, Date | string | null | undefined, Date | string | null>;
type Dec = ColumnType<string, string | number, string | number>;

export interface UsersTable {
  email: string;
  name: Generated<string>;
  passwordHash: string;
  sessionKey: Generated<string>;
  emailVerifiedAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>;
  isActive: Generated<boolean>;
  isStaff: Generated<boolean>;
  dateJoined: Stamp;
  lastLogin: NullStamp;
  createdAt: Stamp;
  lastModifiedAt: Stamp;
  /** Moved by the database with every change (migration 021). */
  version: Generated<number>;
  lastModifiedBy: Generated<string | null>;
}
export interface RefreshTokensTable {
  jti: string;
  userEmail: string;
  expiresAt: Stamp;
  usedAt: NullStamp;
  createdAt: Stamp;
  sessionStartedAt: Stamp;
  /** The spent token this one replaced; null for a sign-in. */
  parentJti: string | null;
  /** SHA-256 of the `Idempotency-Key` the renewal that spent this token came with. */
  spentWith: Buffer | null;
  /** The payloads of the pair issued with this row, as signed (JSON text): a retry of its renewal signs them again. */
  issuedClaims: string | null;
}
export interface PasswordResetTokensTable {
  tokenHash: string;
  userEmail: string;
  expiresAt: Stamp;
  usedAt: NullStamp;
  createdAt: Stamp;
}
export interface EmailVerificationTokensTable {
  tokenHash: string;
  userEmail: string;
  expiresAt: Stamp;
  usedAt: NullStamp;
  createdAt: Stamp;
}
export interface RateLimiterTable {
  key: string;
  points: number;
  expire: string | null;
}
export interface AssortmentTypesTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  createdAt: Stamp;
  lastModifiedAt: Stamp;
  /** Moved by the database with every change (migration 021). */
  version: Generated<number>;
  lastModifiedBy: Generated<string | null>;
}
export interface AssortmentsTable {
  code: string;
  name: string;
  assortmentType: number;
  species: string;
  unit: string;
  unitPrice: Dec;
  isActive: Generated<boolean>;
  createdAt: Stamp;
  lastModifiedAt: Stamp;
  /** Moved by the database with every change (migration 021). */
  version: Generated<number>;
  lastModifiedBy: Generated<string | null>;
}
export interface CompaniesTable {
  registryCode: string;
  name: string;
  vatNumber: Generated<string>;
  address: Generated<string>;
  email: Generated<string>;
  /** The language documents and mail are sent to it in (migration 025); null: not known. */
  language: Generated<string | null>;
  isInvoiceCustomer: Generated<boolean>;
  createdAt: Stamp;
  lastModifiedAt: Stamp;
  /** Moved by the database with every change (migration 021). */
  version: Generated<number>;
  lastModifiedBy: Generated<string | null>;
}
export interface WarehousesTable {
  id: Generated<number>;
  name: string;
  company: string;
  originCode: string | null;
  destinationCode: string | null;
  address: Generated<string>;
  /** EVR's place-of-delivery code, the address in parts and L-EST97 coordinates (migration 035). */
  evrPlaceCode: Generated<string | null>;
  county: Generated<string | null>;
  city: Generated<string | null>;
  street: Generated<string | null>;
  coordX: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  coordY: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  createdAt: Stamp;
  lastModifiedAt: Stamp;
  /** Moved by the database with every change (migration 021). */
  version: Generated<number>;
  lastModifiedBy: Generated<string | null>;
}
export interface WorkersTable {
  workerName: string;
  company: string | null;
  worklogCount: Generated<number>;
  lastWorklogAt: NullStamp;
  createdAt: Stamp;
  lastModifiedAt: Stamp;
  /** Moved by the database with every change (migration 021). */
  version: Generated<number>;
  lastModifiedBy: Generated<string | null>;
}
export interface InvoiceLine {
  assortment: string;
  assortmentName: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  amount: string;
}
export interface InvoicesTable {
  number: string;
  status: Generated<string>;
  customer: string;
  issueDate: string;
  dueDate: string;
  currency: Generated<string>;
  lines: ColumnType<InvoiceLine[], string, string>;
  netTotal: Dec;
  vatRate: Dec;
  vatTotal: Dec;
  grossTotal: Dec;
  syncError: string | null;
  syncFailure: string | null;
  syncAttempts: Generated<number>;
  syncedAt: NullStamp;
  externalId: string | null;
  /** The last successful sending to the customer, and the address (migration 025). */
  sentAt: NullStamp;
  sentTo: Generated<string | null>;
  /** Why the last sending failed; null after a success. */
  sendError: Generated<string | null>;
  sendAttempts: Generated<number>;
  createdBy: string | null;
  createdAt: Stamp;
  lastModifiedAt: Stamp;
  /** Moved by the database with every change (migration 021). */
  version: Generated<number>;
  lastModifiedBy: Generated<string | null>;
}
export interface WaybillsTable {
  number: string;
  status: Generated<string>;
  transportDate: string;
  origin: string;
  destination: string;
  destinationCompany: string;
  driverName: string;
  vehicleNumber: string;
  mileage: number;
  assortment: string;
  quantity: Dec;
  invoice: string | null;
  notes: Generated<string>;
  createdBy: string | null;
  createdAt: Stamp;
  lastModifiedAt: Stamp;
  /** Moved by the database with every change (migration 021). */
  version: Generated<number>;
  lastModifiedBy: Generated<string | null>;
  /** The EVR fields (migration 035, contract evr.ts): empty on a waybill made before them. */
  ownerCompany: Generated<string | null>;
  ownerPersonName: Generated<string | null>;
  ownerPersonCode: Generated<string | null>;
  transporterCompany: Generated<string | null>;
  driverIdCode: Generated<string | null>;
  driverPhone: Generated<string | null>;
  trailerNumber: Generated<string | null>;
  departureTime: Generated<Date | string | null>;
  grossMass: Generated<Dec | null>;
  holdingBasisType: Generated<string | null>;
  cadastralNumber: Generated<string | null>;
  compartment: Generated<string | null>;
  forestAllocationNumber: Generated<string | null>;
  forestNotificationNumber: Generated<string | null>;
  contractNumber: Generated<string | null>;
  contractDate: Generated<string | null>;
  previousOwnerName: Generated<string | null>;
  previousOwnerCode: Generated<string | null>;
  previousOwnerAddress: Generated<string | null>;
  /** `[{ code, number }]` as JSON text on write. */
  certificateClaims: Generated<unknown>;
  eudrReferenceNumber: Generated<string | null>;
  eudrVerificationNumber: Generated<string | null>;
  evrNumber: Generated<string | null>;
  evrStatus: Generated<string | null>;
  evrSync: Generated<string | null>;
  evrFailure: Generated<string | null>;
  evrError: Generated<string | null>;
  evrExchangedAt: Generated<Date | null>;
  /** The receiver's latest measurement act from EVR, and its total in the waybill's unit (migration 040). */
  evrMeasurement: ColumnType<unknown, string | null | undefined, string | null>;
  evrMeasuredQuantity: ColumnType<string | null, string | number | null | undefined, string | number | null>;
}
export interface WorklogsTable {
  number: string;
  timestamp: Stamp;
  action: string;
  warehouse: number;
  workerName: string;
  assortment: string | null;
  quantity: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  waybill: string | null;
  durationMinutes: number;
  notes: Generated<string>;
  createdBy: string | null;
  createdAt: Stamp;
  lastModifiedAt: Stamp;
  /** Moved by the database with every change (migration 021). */
  version: Generated<number>;
  lastModifiedBy: Generated<string | null>;
}
export interface ExportRequestsTable {
  id: string;
  kind: string;
  format: string;
  filters: ColumnType<Record<string, unknown>, string, string>;
  locale: Generated<string>;
  userEmail: string;
  seen: Generated<boolean>;
  inProgress: Generated<boolean>;
  progress: Generated<number>;
  failed: Generated<boolean>;
  lastErrorMessage: string | null;
  attachment: string | null;
  rowCount: number | null;
  completeTimestamp: NullStamp;
  createdAt: Stamp;
  lastModifiedAt: Stamp;
}

/** Signed-out sessions, kept until their last access token has expired (031_ended_sessions.sql). */
export interface EndedSessionsTable {
  sessionId: string;
  userEmail: string;
  expiresAt: Stamp;
}
/** Sendings of invoices under way: one claim per invoice (032_invoice_sendings.sql). */
export interface InvoiceSendingsTable {
  invoiceNumber: string;
  claimedUntil: Stamp;
}
export interface Database {
  users: UsersTable;
  invoiceSendings: InvoiceSendingsTable;
  refreshTokens: RefreshTokensTable;
  endedSessions: EndedSessionsTable;
  passwordResetTokens: PasswordResetTokensTable;
  rateLimiter: RateLimiterTable;
  emailVerificationTokens: EmailVerificationTokensTable;
  assortmentTypes: AssortmentTypesTable;
  assortments: AssortmentsTable;
  companies: CompaniesTable;
  warehouses: WarehousesTable;
  workers: WorkersTable;
  invoices: InvoicesTable;
  waybills: WaybillsTable;
  worklogs: WorklogsTable;
  exportRequests: ExportRequestsTable;
  evrPoll: EvrPollTable;
}

/** How far EVR's changes are read (migration 040): one row. */
export interface EvrPollTable {
  id: Generated<number>;
  mark: ColumnType<Date, Date | string, Date | string>;
  polledAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type DB = Kysely<Database>;

export function createDb(connectionString: string, max = 10): { db: DB; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max, options: '-c TimeZone=UTC' });
  // An idle connection dropped by the server (shutdown, restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  return { db, pool };
}

/**
 * Runs `text` as a named prepared statement: each pooled connection parses it once and PostgreSQL
 * may keep its plan, instead of parsing and planning it on every call. For the few statements of
 * every request (the caller's account); `name` must stay unique to `text`.
 */
export async function preparedQuery<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  return (await pool.query<R>({ name, text, values })).rows;
}

/** How many statement texts `reusedQuery` names: each pooled connection may keep that many prepared. */
const NAMED_STATEMENTS_MAX = 64;
const statementNames = new Map<string, string>();

/**
 * Runs a statement whose text recurs (a list's query for one combination of filters and sort, the
 * values being parameters) as a named prepared statement, so each connection parses it once and
 * PostgreSQL may reuse its plan: a list page's parse and plan cost more than running it. The first
 * NAMED_STATEMENTS_MAX texts the process sees get names; later ones run unnamed, so no caller can
 * make the database's connections keep an unbounded number of statements.
 */
export async function reusedQuery<R extends pg.QueryResultRow>(pool: pg.Pool, text: string, values: readonly unknown[]): Promise<R[]> {
  let name = statementNames.get(text);
  if (!name && statementNames.size < NAMED_STATEMENTS_MAX)
    statementNames.set(text, (name = `s${statementNames.size + 1}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`));
  return (await pool.query<R>(name ? { name, text, values: values as unknown[] } : { text, values: values as unknown[] })).rows;
}

/** Advisory lock keys: start-up work that one process at a time may do on a shared database. */
export const LOCKS = { migrate: 724001, seed: 724002, jobQueues: 724003, evrPoll: 724004 } as const;

/**
 * Runs `fn` while holding a PostgreSQL advisory lock (on a connection of its own), so processes
 * starting together on one database take turns.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: number, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    return await fn();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
    client.release();
  }
}

export { sql };
