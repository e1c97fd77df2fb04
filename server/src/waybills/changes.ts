import type { Insertable, Transaction } from 'kysely';
import {
  evrEditProblems,
  evrReadiness,
  evrValueProblems,
  LIMITS,
  type CertificateClaim,
  type EvrProblem,
  exceedsLoadLimit,
  LOAD_LIMITS,
  UNIT_SYMBOLS,
  WAYBILL_DELETABLE_STATUSES,
  WAYBILL_EDITABLE_STATUSES,
  WAYBILL_TRANSITIONS,
  isWaybillCorrection,
  type Unit,
  type WaybillStatus,
} from '@timberlog/contract';
import type { Database, WaybillsTable } from '../infra/db.js';
import { ApiError, FieldErrors, fieldError, forbidden, nonFieldError, type Msg } from '../http/errors.js';
import { EVR_SENDING, evrStepWanted } from '../evr/sending.js';

/**
 * The rules of a waybill's change and deletion, one place for every way in: the single-record
 * routes, bulk actions and imports call these, each in its own transaction (whose options record
 * who made the change and how).
 */

export interface WaybillFields {
  transportDate?: string;
  origin?: string;
  destination?: string;
  destinationCompany?: string;
  driverName?: string;
  vehicleNumber?: string;
  mileage?: number;
  assortment?: string;
  quantity?: string;
  notes?: string;
  ownerCompany?: string | null;
  ownerPersonName?: string | null;
  ownerPersonCode?: string | null;
  transporterCompany?: string | null;
  driverIdCode?: string | null;
  driverPhone?: string | null;
  trailerNumber?: string | null;
  departureTime?: string | null;
  grossMass?: string | null;
  holdingBasisType?: string | null;
  cadastralNumber?: string | null;
  compartment?: string | null;
  forestAllocationNumber?: string | null;
  forestNotificationNumber?: string | null;
  contractNumber?: string | null;
  contractDate?: string | null;
  previousOwnerName?: string | null;
  previousOwnerCode?: string | null;
  previousOwnerAddress?: string | null;
  certificateClaims?: CertificateClaim[];
  eudrReferenceNumber?: string | null;
  eudrVerificationNumber?: string | null;
}

/** The EVR fields a waybill's change may set (migration 035), text ones first. */
const EVR_TEXT_KEYS = [
  'ownerCompany',
  'ownerPersonName',
  'ownerPersonCode',
  'transporterCompany',
  'driverIdCode',
  'driverPhone',
  'trailerNumber',
  'departureTime',
  'grossMass',
  'holdingBasisType',
  'cadastralNumber',
  'compartment',
  'forestAllocationNumber',
  'forestNotificationNumber',
  'contractNumber',
  'contractDate',
  'previousOwnerName',
  'previousOwnerCode',
  'previousOwnerAddress',
  'eudrReferenceNumber',
  'eudrVerificationNumber',
] as const satisfies readonly (keyof WaybillFields)[];
const EVR_KEYS = [...EVR_TEXT_KEYS, 'certificateClaims'] as const;

const EDIT_KEYS: (keyof WaybillFields)[] = [
  'transportDate',
  'origin',
  'destination',
  'destinationCompany',
  'driverName',
  'vehicleNumber',
  'mileage',
  'assortment',
  'quantity',
  'notes',
  ...EVR_KEYS,
];

/** The reference data a waybill's fields are checked against. */
export interface WaybillRefs {
  hasOrigin(code: string): Promise<boolean>;
  /** The destination warehouse's company, or undefined when no warehouse has the code. */
  destinationCompany(code: string): Promise<string | undefined>;
  hasCompany(registryCode: string): Promise<boolean>;
  assortment(code: string): Promise<{ isActive: boolean; unit: Unit } | undefined>;
  /** The unit of a waybill's assortment (an edit of its quantity alone). */
  unitOfWaybill(number: string): Promise<Unit | undefined>;
}

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
export function newWaybillRow(number: string, f: WaybillFields, createdBy: string | null): Insertable<WaybillsTable> {
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
    ...Object.fromEntries(EVR_TEXT_KEYS.map((k) => [k, f[k] ?? null])),
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
  const fields: Record<string, Msg[]> = {};
  for (const p of problems) (fields[p.field] ??= []).push({ key: p.key, params: p.params });
  // The summary first: a bulk action's row says it as the waybill's reason.
  return new ApiError(400, undefined, {
    nonFieldErrors: [{ key: 'evr.notReady', params: { count: Object.keys(fields).length } }],
    ...fields,
  });
}

/**
 * Checks references and value rules; fills destinationCompany from the destination warehouse when not given.
 * `current` is the number of the waybill being edited: its assortment's unit bounds a new quantity when the assortment is not changed.
 */
export async function checkFields(
  trx: Transaction<Database>,
  f: WaybillFields,
  errs: FieldErrors,
  current?: string,
  refs: WaybillRefs = databaseRefs(trx),
): Promise<WaybillFields> {
  const out: WaybillFields = { ...f };
  for (const k of ['driverName', 'vehicleNumber', 'origin', 'destination', 'assortment'] as const) {
    if (out[k] !== undefined) {
      out[k] = out[k]!.trim();
      if (!out[k]) errs.add(k, 'field.blank');
    }
  }
  if (out.origin && !(await refs.hasOrigin(out.origin))) errs.add('origin', 'ref.unknownOrigin', { value: out.origin });
  if (out.destination) {
    const company = await refs.destinationCompany(out.destination);
    if (company === undefined) errs.add('destination', 'ref.unknownDestination', { value: out.destination });
    else if (out.destinationCompany === undefined || out.destinationCompany === '') out.destinationCompany = company;
  }
  if (out.destinationCompany && !(await refs.hasCompany(out.destinationCompany)))
    errs.add('destinationCompany', 'ref.unknownCompany', { value: out.destinationCompany });
  let unit: Unit | undefined;
  if (out.assortment) {
    const a = await refs.assortment(out.assortment);
    if (!a) errs.add('assortment', 'ref.unknownAssortment', { value: out.assortment });
    else if (!a.isActive) errs.add('assortment', 'ref.inactiveAssortment', { value: out.assortment });
    unit = a?.unit;
  } else if (out.quantity !== undefined && current !== undefined) {
    unit = await refs.unitOfWaybill(current);
  }
  for (const k of EVR_TEXT_KEYS) {
    const v = out[k];
    // Empty text clears a field: a form sends what its inputs hold.
    if (typeof v === 'string') out[k] = v.trim() === '' ? null : v.trim();
  }
  if (out.certificateClaims) out.certificateClaims = out.certificateClaims.map((c) => ({ code: c.code, number: c.number?.trim() || null }));
  for (const p of evrValueProblems(out)) errs.add(p.field, p.key, p.params);
  for (const k of ['ownerCompany', 'transporterCompany'] as const)
    if (out[k] && !(await refs.hasCompany(out[k]))) errs.add(k, 'ref.unknownCompany', { value: out[k] });
  if (out.grossMass && Number(out.grossMass) <= 0) errs.add('grossMass', 'field.positive');
  else if (out.grossMass && Number(out.grossMass) > LIMITS.grossMassMax)
    errs.add('grossMass', 'field.maximum', { limit: LIMITS.grossMassMax });
  if (out.quantity !== undefined && Number(out.quantity) <= 0) errs.add('quantity', 'field.positive');
  // One waybill is one load: more than a truck carries is a typing slip (LOAD_LIMITS).
  else if (out.quantity !== undefined && unit && exceedsLoadLimit(out.quantity, unit)) {
    errs.add('quantity', 'waybill.quantityOverLoad', { limit: LOAD_LIMITS[unit], unit: UNIT_SYMBOLS[unit] });
  }
  return out;
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
  const reason = body.reason?.trim();
  const current = await lock();
  const from = current.status as WaybillStatus;
  const edits = EDIT_KEYS.filter((k) => body[k] !== undefined);
  const statusChange = body.status !== undefined && body.status !== from ? body.status : undefined;
  const correction = statusChange !== undefined && isWaybillCorrection(from, statusChange);
  if (statusChange && !WAYBILL_TRANSITIONS[from].includes(statusChange) && !correction)
    throw fieldError('status', 'waybill.transition', { from, to: statusChange });
  if (correction) {
    if (!changer.isStaff) throw forbidden();
    if (!reason) throw fieldError('reason', 'waybill.reasonRequired', { to: statusChange });
  }
  if (edits.length > 0 && !WAYBILL_EDITABLE_STATUSES.includes(from)) throw nonFieldError('waybill.notEditable', { status: from });
  const errs = new FieldErrors();
  const f = await checkFields(trx, body, errs, number);
  errs.throwIfAny();
  const to = statusChange ?? from;
  // Confirming needs what EVR needs; a confirmed waybill's edits may not take away what it has.
  if (to === 'confirmed' && ((statusChange === 'confirmed' && from === 'draft') || (from === 'confirmed' && edits.length > 0))) {
    const row = await trx
      .selectFrom('waybills')
      .select(['driverName', 'vehicleNumber', ...EVR_KEYS])
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    const current = evrFieldsOf(row);
    const merged = { ...current, ...Object.fromEntries(edits.map((k) => [k, f[k]])) };
    const problems = from === 'draft' ? evrReadiness(merged) : evrEditProblems(current, merged);
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
