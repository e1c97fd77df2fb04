/**
 * The rules of a waybill's change, in one place for every side that answers one: the server
 * (server/src/waybills/changes.ts, its lookups over SQL) and the mocks (waybillHandlers.ts, over the
 * mock data). Which fields an edit may set, how each is checked against the reference data, which
 * status changes, edits and corrections a waybill in a status allows, and what EVR needs of a
 * confirmation. The request's shape (types, patterns, formats) is the API schema's business and is
 * checked before these.
 */
import { evrEditProblems, evrReadiness, evrValueProblems, type CertificateClaim, type EvrProblem, type EvrWaybillFields } from './evr.ts';
import {
  exceedsLoadLimit,
  isWaybillCorrection,
  LIMITS,
  LOAD_LIMITS,
  UNIT_SYMBOLS,
  WAYBILL_EDITABLE_STATUSES,
  WAYBILL_TRANSITIONS,
  type Unit,
  type WaybillStatus,
} from './limits.ts';
import type { MessageKey, MessageParams } from './messages.ts';
import type { Lookup, RuleProblem } from './rules.ts';
import { WAYBILL_EVR_FIELDS, WAYBILL_EVR_TEXT_FIELDS, type WaybillEvrTextField } from './evr-fields.ts';

export { WAYBILL_EVR_FIELDS, WAYBILL_EVR_TEXT_FIELDS } from './evr-fields.ts';
export type { WaybillEvrField, WaybillEvrTextField } from './evr-fields.ts';

/** What a new waybill must be given. */
export const WAYBILL_REQUIRED_FIELDS = [
  'transportDate',
  'origin',
  'destination',
  'driverName',
  'vehicleNumber',
  'mileage',
  'assortment',
  'quantity',
] as const;

/** Every field a change may set (the status and a correction's reason aside). */
export const WAYBILL_EDIT_FIELDS = [...WAYBILL_REQUIRED_FIELDS, 'destinationCompany', 'notes', ...WAYBILL_EVR_FIELDS] as const;
export type WaybillEditField = (typeof WAYBILL_EDIT_FIELDS)[number];

/** A waybill's fields as a change gives them (a field not given is not changed; null clears an EVR field). */
export type WaybillFieldValues = {
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
  certificateClaims?: readonly CertificateClaim[];
} & { [K in WaybillEvrTextField]?: string | null };

/** The reference data the field checks ask about: the server reads it with SQL, the mocks from their data. */
export interface WaybillLookups {
  hasOrigin(code: string): Lookup<boolean>;
  /** The destination warehouse's company, or undefined when no warehouse has the code. */
  destinationCompany(code: string): Lookup<string | undefined>;
  hasCompany(registryCode: string): Lookup<boolean>;
  assortment(code: string): Lookup<{ readonly isActive: boolean; readonly unit: Unit } | undefined>;
  /** The unit of a waybill's assortment (an edit of its quantity alone is bounded by it). */
  unitOfWaybill(number: string): Lookup<Unit | undefined>;
}

/** A rule a waybill's change breaks, on its field. */
export type WaybillProblem = RuleProblem;

/** The fields a change sets, in WAYBILL_EDIT_FIELDS's order. */
export const waybillEdits = (change: object): WaybillEditField[] =>
  WAYBILL_EDIT_FIELDS.filter((field) => (change as Record<string, unknown>)[field] !== undefined);

/**
 * Checks a change's fields by the rules and the reference data, and answers them as they are
 * kept: text trimmed (empty EVR text is none), the destination's company filled in from the
 * destination warehouse when not given, each certificate number trimmed. `current` is the number
 * of the waybill being edited: its assortment's unit bounds a new quantity when the assortment is
 * not changed. Every problem found is answered, each on its field.
 */
export async function checkWaybillFields<F extends WaybillFieldValues>(
  input: F,
  lookups: WaybillLookups,
  current?: string,
): Promise<{ fields: F; problems: WaybillProblem[] }> {
  const f: F = { ...input };
  const problems: WaybillProblem[] = [];
  const add = (field: string, key: MessageKey, params?: MessageParams) => problems.push(params ? { field, key, params } : { field, key });
  for (const k of ['driverName', 'vehicleNumber', 'origin', 'destination', 'assortment'] as const) {
    if (f[k] !== undefined) {
      f[k] = f[k].trim();
      if (!f[k]) add(k, 'field.blank');
    }
  }
  if (f.origin && !(await lookups.hasOrigin(f.origin))) add('origin', 'ref.unknownOrigin', { value: f.origin });
  if (f.destination) {
    const company = await lookups.destinationCompany(f.destination);
    if (company === undefined) add('destination', 'ref.unknownDestination', { value: f.destination });
    else if (f.destinationCompany === undefined || f.destinationCompany === '') f.destinationCompany = company;
  }
  if (f.destinationCompany && !(await lookups.hasCompany(f.destinationCompany)))
    add('destinationCompany', 'ref.unknownCompany', { value: f.destinationCompany });
  let unit: Unit | undefined;
  if (f.assortment) {
    const assortment = await lookups.assortment(f.assortment);
    if (!assortment) add('assortment', 'ref.unknownAssortment', { value: f.assortment });
    else if (!assortment.isActive) add('assortment', 'ref.inactiveAssortment', { value: f.assortment });
    unit = assortment?.unit;
  } else if (f.quantity !== undefined && current !== undefined) {
    unit = await lookups.unitOfWaybill(current);
  }
  const text = f as Record<string, unknown>;
  for (const k of WAYBILL_EVR_TEXT_FIELDS) {
    const value = text[k];
    // Empty text clears a field: a form sends what its inputs hold.
    if (typeof value === 'string') text[k] = value.trim() === '' ? null : value.trim();
  }
  if (f.certificateClaims)
    f.certificateClaims = f.certificateClaims.map((claim) => ({ code: claim.code, number: claim.number?.trim() || null }));
  for (const problem of evrValueProblems(f)) add(problem.field, problem.key, problem.params);
  for (const k of ['ownerCompany', 'transporterCompany'] as const)
    if (f[k] && !(await lookups.hasCompany(f[k]))) add(k, 'ref.unknownCompany', { value: f[k] });
  if (f.grossMass && Number(f.grossMass) <= 0) add('grossMass', 'field.positive');
  else if (f.grossMass && Number(f.grossMass) > LIMITS.grossMassMax) add('grossMass', 'field.maximum', { limit: LIMITS.grossMassMax });
  if (f.quantity !== undefined && !(Number(f.quantity) > 0)) add('quantity', 'field.positive');
  // One waybill is one load: more than a truck carries is a typing slip (LOAD_LIMITS).
  else if (f.quantity !== undefined && unit && exceedsLoadLimit(f.quantity, unit))
    add('quantity', 'waybill.quantityOverLoad', { limit: LOAD_LIMITS[unit], unit: UNIT_SYMBOLS[unit] });
  return { fields: f, problems };
}

/** Why a change is refused before its fields are looked at: a 403, a problem on a field, or one on the whole waybill. */
export type WaybillChangeRefusal =
  | { readonly kind: 'forbidden' }
  | { readonly kind: 'field'; readonly problem: WaybillProblem }
  | { readonly kind: 'waybill'; readonly key: MessageKey; readonly params: MessageParams };

/** A change as its rules see it: the status asked for (none, or the status it has, is no move), the reason, the fields it sets. */
export interface WaybillChangeAsked {
  readonly to?: WaybillStatus;
  readonly reason?: string | null;
  readonly edits: readonly string[];
  readonly isStaff: boolean;
}

/**
 * Whether a waybill in status `from` takes a change: a status only along the transitions (a move
 * back that is a correction by staff only, with a reason), fields only while the status is
 * editable. Null when it does.
 */
export function waybillChangeRefusal(from: WaybillStatus, { to, reason, edits, isStaff }: WaybillChangeAsked): WaybillChangeRefusal | null {
  const move = to !== undefined && to !== from ? to : undefined;
  const correction = move !== undefined && isWaybillCorrection(from, move);
  if (move && !WAYBILL_TRANSITIONS[from].includes(move) && !correction)
    return { kind: 'field', problem: { field: 'status', key: 'waybill.transition', params: { from, to: move } } };
  if (correction) {
    if (!isStaff) return { kind: 'forbidden' };
    if (!reason?.trim()) return { kind: 'field', problem: { field: 'reason', key: 'waybill.reasonRequired', params: { to: move } } };
  }
  if (edits.length > 0 && !WAYBILL_EDITABLE_STATUSES.includes(from))
    return { kind: 'waybill', key: 'waybill.notEditable', params: { status: from } };
  return null;
}

/**
 * What EVR lacks for a change, each on its field: confirming a draft needs everything EVR needs
 * (evrReadiness of the waybill as the change leaves it); an edit of a confirmed waybill may not take
 * away what it has (evrEditProblems). Nothing for any other change.
 */
export function waybillEvrProblems(
  from: WaybillStatus,
  to: WaybillStatus | undefined,
  before: EvrWaybillFields,
  after: EvrWaybillFields,
  edits: readonly string[],
  today: Date = new Date(),
): EvrProblem[] {
  const check = waybillEvrCheck(from, to, edits);
  if (check === 'readiness') return evrReadiness(after, today);
  if (check === 'edit') return evrEditProblems(before, after, today);
  return [];
}

/** Which of EVR's checks a change needs (none: null), so that a side reads the waybill only when one does. */
export function waybillEvrCheck(from: WaybillStatus, to: WaybillStatus | undefined, edits: readonly string[]): 'readiness' | 'edit' | null {
  if (to === 'confirmed' && from === 'draft') return 'readiness';
  if (from === 'confirmed' && (to === undefined || to === from) && edits.length > 0) return 'edit';
  return null;
}

/**
 * A confirmation EVR would refuse, as the API answers it: the summary (how many fields lack
 * something) first among the waybill's errors, so a bulk action's row says it as its reason, then
 * each problem on its field.
 */
export function evrNotReadyErrors(problems: readonly EvrProblem[]): Record<string, { key: MessageKey; params?: MessageParams }[]> {
  const fields: Record<string, { key: MessageKey; params?: MessageParams }[]> = {};
  for (const problem of problems) (fields[problem.field] ??= []).push({ key: problem.key, params: problem.params });
  return { nonFieldErrors: [{ key: 'evr.notReady', params: { count: Object.keys(fields).length } }], ...fields };
}
