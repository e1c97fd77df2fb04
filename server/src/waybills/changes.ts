import type { Insertable, Transaction } from 'kysely';
import {
  checkWaybillFields,
  evrNotReadyErrors,
  WAYBILL_DELETABLE_STATUSES,
  WAYBILL_EVR_FIELDS,
  WAYBILL_EVR_TEXT_FIELDS,
  waybillChangeRefusal,
  waybillEdits,
  waybillEvrCheck,
  waybillEvrProblems,
  type CertificateClaim,
  type EvrProblem,
  type Unit,
  type WaybillFieldValues,
  type WaybillLookups,
  type WaybillStatus,
} from '@timberlog/contract';
import type { Database } from '../infra/db.js';
import { ApiError, FieldErrors, fieldError, forbidden, nonFieldError } from '../http/errors.js';
import { EVR_SENDING, evrStepWanted } from '../evr/sending.js';

/**
 * The rules of a waybill's change and deletion, one place for every way in: the single-record
 * routes, bulk actions and imports call these, each in its own transaction (whose options record
 * who made the change and how).
 */

/** A waybill's fields as a change gives them: the contract's (waybill-rules.ts). */
export type WaybillFields = WaybillFieldValues;

/** The reference data a waybill's fields are checked against (the contract's lookups). */
export type WaybillRefs = WaybillLookups;

/** The reference data as the transaction reads it, one lookup per check. */
export const databaseRefs = (trx: Transaction<Database>): WaybillRefs => ({
  hasOrigin: async (code) => !!(await trx.selectFrom('warehouses').select('id').where('originCode', '=', code).executeTakeFirst()),
  destinationCompany: async (code) =>
    (await trx.selectFrom('warehouses').select('company').where('destinationCode', '=', code).executeTakeFirst())?.company,
  hasCompany: async (registryCode) =>
    !!(await trx.selectFrom('companies').select('registryCode').where('registryCode', '=', registryCode).executeTakeFirst()),
  assortment: async (code) => {
    const a = await trx.selectFrom('assortments').select(['isActive', 'unit']).where('code', '=', code).executeTakeFirst();
    return a ? { isActive: a.isActive, unit: a.unit as Unit } : undefined;
  },
  unitOfWaybill: async (number) =>
    (
      await trx
        .selectFrom('waybills')
        .innerJoin('assortments', 'assortments.code', 'waybills.assortment')
        .select('assortments.unit')
        .where('waybills.number', '=', number)
        .executeTakeFirst()
    )?.unit as Unit | undefined,
});

/**
 * All the reference data at once, read in the transaction (an import checks thousands of rows
 * against it): the same answers as databaseRefs.
 */
export async function loadedRefs(trx: Transaction<Database>): Promise<WaybillRefs> {
  const warehouses = await trx.selectFrom('warehouses').select(['originCode', 'destinationCode', 'company']).execute();
  const origins = new Set(warehouses.map((w) => w.originCode).filter((c) => c !== null));
  const destinations = new Map(warehouses.filter((w) => w.destinationCode !== null).map((w) => [w.destinationCode!, w.company]));
  const companies = new Set((await trx.selectFrom('companies').select('registryCode').execute()).map((c) => c.registryCode));
  const assortments = new Map(
    (await trx.selectFrom('assortments').select(['code', 'isActive', 'unit']).execute()).map((a) => [
      a.code,
      { isActive: a.isActive, unit: a.unit as Unit },
    ]),
  );
  return {
    hasOrigin: async (code) => origins.has(code),
    destinationCompany: async (code) => destinations.get(code),
    hasCompany: async (code) => companies.has(code),
    assortment: async (code) => assortments.get(code),
    unitOfWaybill: async () => undefined,
  };
}

/** The row of a new waybill (a draft) from checked fields: one for the create call and the import. */
export function newWaybillRow(number: string, f: WaybillFields, createdBy: string | null): Insertable<Database['waybills']> {
  return {
    number,
    status: 'draft',
    transportDate: f.transportDate!,
    origin: f.origin!,
    destination: f.destination!,
    destinationCompany: f.destinationCompany!,
    driverName: f.driverName!,
    vehicleNumber: f.vehicleNumber!,
    mileage: f.mileage!,
    assortment: f.assortment!,
    quantity: f.quantity!,
    notes: f.notes ?? '',
    createdBy,
    ...Object.fromEntries(WAYBILL_EVR_TEXT_FIELDS.map((k) => [k, f[k] ?? null])),
    certificateClaims: JSON.stringify(f.certificateClaims ?? []),
  };
}

/**
 * A new waybill's parties when it names none: the owner is the origin warehouse's company, the
 * transporter our own company (the `ownCompany` setting) when the reference data has it.
 */
export async function defaultParties(trx: Transaction<Database>, f: WaybillFields, ownCompany: string): Promise<WaybillFields> {
  const out = { ...f };
  if (!out.ownerCompany && !out.ownerPersonName && !out.ownerPersonCode && out.origin)
    out.ownerCompany =
      (await trx.selectFrom('warehouses').select('company').where('originCode', '=', out.origin).executeTakeFirst())?.company ?? null;
  if (!out.transporterCompany && ownCompany && (await databaseRefs(trx).hasCompany(ownCompany))) out.transporterCompany = ownCompany;
  return out;
}

/** The EVR fields as the contract reads them, from a row of the waybills table. */
const evrFieldsOf = (row: Record<string, unknown>) => ({
  ...row,
  departureTime: row.departureTime instanceof Date ? row.departureTime.toISOString() : (row.departureTime as string | null),
  certificateClaims: (row.certificateClaims ?? []) as CertificateClaim[],
});

/** The 400 of a confirmation refused: how many things EVR lacks at the form's root, and each on its field. */
export function readinessError(problems: readonly EvrProblem[]): ApiError {
  return new ApiError(400, undefined, evrNotReadyErrors(problems));
}

/**
 * Checks a change's fields by the contract's rules (checkWaybillFields) against the reference data
 * the transaction reads, adding each problem to `errs`; answers the fields as they are kept.
 * `current` is the number of the waybill being edited.
 */
export async function checkFields(
  trx: Transaction<Database>,
  f: WaybillFields,
  errs: FieldErrors,
  current?: string,
  refs: WaybillRefs = databaseRefs(trx),
): Promise<WaybillFields> {
  const { fields, problems } = await checkWaybillFields(f, refs, current);
  for (const p of problems) errs.add(p.field, p.key, p.params);
  return fields;
}

/** A change of a waybill: fields, a status, and the reason a correction needs. */
export type WaybillChange = WaybillFields & { status?: WaybillStatus; reason?: string };

/** Who asks for a change: staff may make corrections. */
export interface Changer {
  readonly isStaff: boolean;
}

/**
 * Changes a waybill by the rules of PATCH: a status only along the transitions (a correction by
 * staff only, with a reason), fields only while the status is editable, then the field checks.
 * `lock` locks the record and reads its status and version (404 when it is gone; the routes also
 * check If-Match there). Throws the ApiError the route answers. With `dryRun`, every rule is
 * checked and nothing is written. Gives the status before and after and the version after (as it
 * is, in a dry run).
 */
export async function applyWaybillChange(
  trx: Transaction<Database>,
  changer: Changer,
  number: string,
  body: WaybillChange,
  lock: () => Promise<{ status: string; version: number }>,
  opts: { dryRun?: boolean; evr?: boolean } = {},
): Promise<{ from: WaybillStatus; to: WaybillStatus; version: number; evrQueued: boolean }> {
  const current = await lock();
  const from = current.status as WaybillStatus;
  const edits = waybillEdits(body);
  const statusChange = body.status !== undefined && body.status !== from ? body.status : undefined;
  const refusal = waybillChangeRefusal(from, { to: statusChange, reason: body.reason, edits, isStaff: changer.isStaff });
  if (refusal?.kind === 'forbidden') throw forbidden();
  if (refusal?.kind === 'field') throw fieldError(refusal.problem.field, refusal.problem.key, refusal.problem.params);
  if (refusal?.kind === 'waybill') throw nonFieldError(refusal.key, refusal.params);
  const errs = new FieldErrors();
  const f = await checkFields(trx, body, errs, number);
  errs.throwIfAny();
  // Confirming needs what EVR needs; a confirmed waybill's edits may not take away what it has.
  if (waybillEvrCheck(from, statusChange, edits)) {
    const row = await trx
      .selectFrom('waybills')
      .select(['driverName', 'vehicleNumber', ...WAYBILL_EVR_FIELDS])
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    const before = evrFieldsOf(row);
    const after = { ...before, ...Object.fromEntries(edits.map((k) => [k, f[k]])) };
    const problems = waybillEvrProblems(from, statusChange, before, after, edits);
    if (problems.length > 0) throw readinessError(problems);
  }
  const set: Record<string, unknown> = { lastModifiedAt: new Date() };
  for (const k of edits) set[k] = k === 'certificateClaims' ? JSON.stringify(f[k]) : f[k];
  if (f.destinationCompany !== undefined) set.destinationCompany = f.destinationCompany;
  if (statusChange) set.status = statusChange;
  // With a connection to EVR, a change EVR must hear of marks the waybill sending in the same
  // statement (one history entry); the caller queues the job (src/evr/sending.ts).
  const evrQueued = Boolean(!opts.dryRun && opts.evr && statusChange && (await evrStepWanted(trx, number, from, statusChange)));
  if (evrQueued) Object.assign(set, EVR_SENDING);
  // A dry run (a bulk action's preview) stops once every rule has passed.
  let version = current.version;
  if (!opts.dryRun)
    ({ version } = await trx.updateTable('waybills').set(set).where('number', '=', number).returning('version').executeTakeFirstOrThrow());
  return { from, to: statusChange ?? from, version, evrQueued };
}

/** Deletes a waybill by the rules of DELETE (only a deletable status); `lock` and `dryRun` as for applyWaybillChange. */
export async function applyWaybillDelete(
  trx: Transaction<Database>,
  number: string,
  lock: () => Promise<{ status: string }>,
  opts: { dryRun?: boolean } = {},
): Promise<{ from: WaybillStatus }> {
  const current = await lock();
  if (!WAYBILL_DELETABLE_STATUSES.includes(current.status as WaybillStatus))
    throw nonFieldError('waybill.notDeletable', { status: current.status });
  if (!opts.dryRun) await trx.deleteFrom('waybills').where('number', '=', number).execute();
  return { from: current.status as WaybillStatus };
}
