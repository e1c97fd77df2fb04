/**
 * The waybill as the Forest Act (Metsaseadus § 37–38) and EVR, the register of timber waybills,
 * see it: parties, the driver's personal code, the holding basis with its cadastral number,
 * certificate claims and EUDR numbers. A draft may lack any of these; confirming needs what EVR
 * needs (evrReadiness). The server's confirm transition, the web app's confirm dialog and
 * checklist, and the mocks all ask evrReadiness, so the rule is written once.
 */
import { LIMITS, REGISTRY_CODE_PATTERN } from './limits.ts';
import type { MessageKey, MessageParams } from './messages.ts';
import { CERTIFICATE_CLAIMS, HOLDING_BASIS_TYPES, type HoldingBasisType } from './evr-codes.ts';
import type { HoldingBasisField, WaybillEvrTextField } from './evr-fields.ts';

export { CERTIFICATE_CLAIMS, HOLDING_BASIS_TYPES } from './evr-codes.ts';
export type { CertificateClaimCode, HoldingBasisType } from './evr-codes.ts';

export { HOLDING_BASIS_FIELDS } from './evr-fields.ts';
export type { HoldingBasisField } from './evr-fields.ts';

interface HoldingBasisRule {
  /** The fields the form shows for this type, in order. */
  readonly fields: readonly HoldingBasisField[];
  /** Those EVR refuses the waybill without. */
  readonly required: readonly HoldingBasisField[];
}

const documentFields = ['contractNumber', 'contractDate', 'cadastralNumber', 'compartment', 'forestAllocationNumber'] as const;
const previousOwner = ['previousOwnerName', 'previousOwnerCode', 'previousOwnerAddress'] as const;

/**
 * What each holding basis carries and needs, as EVR's models have it: a forest notification names
 * the land unit (its notification number optional, as in EVR); a sales contract or a transfer of
 * cutting rights also the contract and the previous owner; an act (forest, inventory,
 * consolidated) its number and date with the land unit. For an act, `contractNumber` and
 * `contractDate` hold the act's number and date (EVR's names).
 */
export const HOLDING_BASIS: Readonly<Record<HoldingBasisType, HoldingBasisRule>> = {
  ForestNotice: {
    fields: ['cadastralNumber', 'compartment', 'forestAllocationNumber', 'forestNotificationNumber'],
    required: ['cadastralNumber'],
  },
  WithoutForestNotice: { fields: ['cadastralNumber', 'compartment', 'forestAllocationNumber'], required: ['cadastralNumber'] },
  SalesContract: {
    fields: [...documentFields, ...previousOwner],
    required: ['contractNumber', 'contractDate', 'cadastralNumber', ...previousOwner],
  },
  ContractForTransferOfCuttingRights: {
    fields: [...documentFields, ...previousOwner],
    required: ['contractNumber', 'contractDate', 'cadastralNumber', ...previousOwner],
  },
  ForestAct: { fields: documentFields, required: ['contractNumber', 'contractDate', 'cadastralNumber'] },
  InventoryAct: { fields: documentFields, required: ['contractNumber', 'contractDate', 'cadastralNumber'] },
  ConsolidatedAct: { fields: documentFields, required: ['contractNumber', 'contractDate', 'cadastralNumber'] },
};

export const isHoldingBasisType = (value: unknown): value is HoldingBasisType =>
  typeof value === 'string' && (HOLDING_BASIS_TYPES as readonly string[]).includes(value);

export interface CertificateClaim {
  code: string;
  number?: string | null;
}

/**
 * An Estonian personal code (isikukood) `GYYMMDDSSSC`: G the century and sex (1–6: born
 * 1800–2099), a real birth date not after `today`, a serial, and the check digit.
 */
export function isValidIsikukood(code: string, today: Date = new Date()): boolean {
  if (!/^[1-6]\d{10}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const year = 1800 + Math.floor((digits[0]! - 1) / 2) * 100 + Number(code.slice(1, 3));
  const month = Number(code.slice(3, 5));
  const day = Number(code.slice(5, 7));
  const born = new Date(Date.UTC(year, month - 1, day));
  if (born.getUTCFullYear() !== year || born.getUTCMonth() !== month - 1 || born.getUTCDate() !== day) return false;
  if (born.getTime() > today.getTime()) return false;
  return digits[10] === isikukoodCheckDigit(digits);
}

/** The check digit: weights 1..9,1; a remainder of 10 takes a second pass with 3..9,1,2,3, and 10 again gives 0. */
export function isikukoodCheckDigit(digits: readonly number[]): number {
  const pass = (weights: readonly number[]) => weights.reduce((sum, weight, i) => sum + weight * digits[i]!, 0) % 11;
  const first = pass([1, 2, 3, 4, 5, 6, 7, 8, 9, 1]);
  if (first < 10) return first;
  const second = pass([3, 4, 5, 6, 7, 8, 9, 1, 2, 3]);
  return second < 10 ? second : 0;
}

/** One Estonian cadastral unit code (katastritunnus): municipality, section, unit, none of them zero. */
export const CADASTRAL_NUMBER_PATTERN = '^\\d{5}:\\d{3}:\\d{4}$';
const CADASTRAL = new RegExp(CADASTRAL_NUMBER_PATTERN);

export const isValidCadastralNumber = (value: string): boolean =>
  CADASTRAL.test(value) && value.split(':').every((part) => Number(part) > 0);

/**
 * The cadastral numbers of a holding basis: one, or several separated by commas (a cutting may
 * span land units, as EVR allows), each valid.
 */
export const isValidCadastralNumbers = (value: string): boolean => {
  const parts = value.split(',').map((part) => part.trim());
  return parts.length <= LIMITS.cadastralNumbersMax && parts.every(isValidCadastralNumber);
};

const REGISTRY_CODE = new RegExp(REGISTRY_CODE_PATTERN);
/** A party's code: a company's registry code or a person's isikukood (a previous owner may be either). */
export const isValidPartyCode = (value: string): boolean => REGISTRY_CODE.test(value) || isValidIsikukood(value);

/**
 * An EUDR due-diligence statement's reference number as TRACES issues it: the year's two digits,
 * the country code, ten letters and digits (`25EEXVTNR4Y3HN`); its verification number is eight.
 */
export const EUDR_REFERENCE_PATTERN = '^\\d{2}[A-Z]{2}[A-Z0-9]{10}$';
export const EUDR_VERIFICATION_PATTERN = '^[A-Z0-9]{8}$';
/** EVR's place-of-delivery codes: letters, digits, `-` and `_`. */
export const EVR_PLACE_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]*$';
/** A phone number as people write it: digits, spaces, `+`, `-`, brackets. */
export const PHONE_PATTERN = '^\\+?[0-9][0-9 ()-]*$';

/**
 * L-EST97 (EPSG:3301) bounds around Estonia, in metres: x north, y east (EVR's order). A point
 * outside is a typing slip or another coordinate system (WGS 84 degrees).
 */
export const LEST97 = { epsg: 3301, xMin: 6_300_000, xMax: 6_700_000, yMin: 300_000, yMax: 800_000 } as const;

/** The EVR fields of a waybill, as the API answers them (null: not given). */
export type EvrWaybillFields = {
  driverName?: string | null;
  vehicleNumber?: string | null;
  certificateClaims?: readonly CertificateClaim[] | null;
} & { [K in WaybillEvrTextField]?: string | null };

/** One thing a waybill lacks for EVR: the field it belongs on and the message saying what. */
export interface EvrProblem {
  field: string;
  key: MessageKey;
  params?: MessageParams;
}

const given = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Why the given EVR values of a waybill are not well formed, field by field (a draft's fields are
 * checked as they come; missing ones are evrReadiness's business). The server answers these as
 * 400s on their fields, the mocks the same, the forms show them as the user types.
 */
export function evrValueProblems(f: EvrWaybillFields, today: Date = new Date()): EvrProblem[] {
  const problems: EvrProblem[] = [];
  if (given(f.ownerPersonCode) && !isValidIsikukood(f.ownerPersonCode.trim(), today))
    problems.push({ field: 'ownerPersonCode', key: 'field.idCode' });
  if (given(f.driverIdCode) && !isValidIsikukood(f.driverIdCode.trim(), today))
    problems.push({ field: 'driverIdCode', key: 'field.idCode' });
  if (given(f.cadastralNumber) && !isValidCadastralNumbers(f.cadastralNumber.trim()))
    problems.push({ field: 'cadastralNumber', key: 'field.cadastralNumber' });
  if (given(f.previousOwnerCode) && !isValidPartyCode(f.previousOwnerCode.trim()))
    problems.push({ field: 'previousOwnerCode', key: 'field.partyCode' });
  if (given(f.holdingBasisType) && !isHoldingBasisType(f.holdingBasisType))
    problems.push({
      field: 'holdingBasisType',
      key: 'field.enum',
      params: { value: f.holdingBasisType.slice(0, 100), choices: HOLDING_BASIS_TYPES.join(', ') },
    });
  if (given(f.eudrReferenceNumber) && !new RegExp(EUDR_REFERENCE_PATTERN).test(f.eudrReferenceNumber.trim()))
    problems.push({ field: 'eudrReferenceNumber', key: 'field.eudrReference' });
  if (given(f.eudrVerificationNumber) && !new RegExp(EUDR_VERIFICATION_PATTERN).test(f.eudrVerificationNumber.trim()))
    problems.push({ field: 'eudrVerificationNumber', key: 'field.eudrVerification' });
  const seen = new Set<string>();
  (f.certificateClaims ?? []).forEach((claim, i) => {
    if (!(CERTIFICATE_CLAIMS as readonly string[]).includes(claim.code))
      problems.push({
        field: `certificateClaims.${i}.code`,
        key: 'field.enum',
        params: { value: String(claim.code).slice(0, 100), choices: CERTIFICATE_CLAIMS.join(', ') },
      });
    else if (seen.has(claim.code)) problems.push({ field: `certificateClaims.${i}.code`, key: 'evr.claimTwice' });
    seen.add(claim.code);
  });
  return problems;
}

/**
 * What a waybill lacks for EVR, each on its field: confirming is refused while this is not empty.
 * The owner (a company, or a private owner's name and personal code), the transporter, the driver
 * and the driver's personal code, the vehicle, the departure time, the holding basis with every
 * field its type needs, and an EUDR reference with its verification number (either alone is
 * nothing a supervisor can look up). Values that are given but malformed count too
 * (evrValueProblems), so old or imported data cannot slip through.
 */
export function evrReadiness(f: EvrWaybillFields, today: Date = new Date()): EvrProblem[] {
  const problems: EvrProblem[] = [];
  const need = (field: keyof EvrWaybillFields) => {
    if (!given(f[field] as string | null | undefined)) problems.push({ field, key: 'evr.required' });
  };
  if (!given(f.ownerCompany)) {
    if (!given(f.ownerPersonName) && !given(f.ownerPersonCode)) problems.push({ field: 'ownerCompany', key: 'evr.ownerRequired' });
    else {
      need('ownerPersonName');
      need('ownerPersonCode');
    }
  }
  need('transporterCompany');
  need('driverName');
  need('driverIdCode');
  need('vehicleNumber');
  need('departureTime');
  if (!given(f.holdingBasisType)) problems.push({ field: 'holdingBasisType', key: 'evr.required' });
  else if (isHoldingBasisType(f.holdingBasisType)) for (const field of HOLDING_BASIS[f.holdingBasisType].required) need(field);
  if (given(f.eudrReferenceNumber) !== given(f.eudrVerificationNumber))
    problems.push({ field: given(f.eudrReferenceNumber) ? 'eudrVerificationNumber' : 'eudrReferenceNumber', key: 'evr.eudrPair' });
  const missing = new Set(problems.map((problem) => problem.field));
  return [...problems, ...evrValueProblems(f, today).filter((problem) => !missing.has(problem.field))];
}

/** A field's value as an edit compares it: empty is none, a time is its instant, a list its JSON. */
function comparable(field: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field === 'departureTime' && typeof value === 'string') return String(Date.parse(value));
  return typeof value === 'string' ? value.trim() : JSON.stringify(value);
}

const OWNER_FIELDS = ['ownerCompany', 'ownerPersonName', 'ownerPersonCode'] as const;

/**
 * What an edit of a confirmed waybill may not do: take away what confirming needed. The problems
 * of `after` (evrReadiness) on the fields the edit changed from `before`; a field left as it was is
 * not asked about, so a waybill confirmed before these rules stays editable.
 */
export function evrEditProblems(before: EvrWaybillFields, after: EvrWaybillFields, today: Date = new Date()): EvrProblem[] {
  const changed = (field: string) =>
    comparable(field, (before as Record<string, unknown>)[field]) !== comparable(field, (after as Record<string, unknown>)[field]);
  return evrReadiness(after, today).filter((problem) =>
    problem.field === 'ownerCompany' ? OWNER_FIELDS.some(changed) : changed(problem.field),
  );
}

/** Whether a waybill has everything EVR needs (evrReadiness finds nothing). */
export const isEvrReady = (f: EvrWaybillFields, today?: Date): boolean => evrReadiness(f, today).length === 0;
