import { INVOICE, wallClockInstant, WAYBILL_EVR_TEXT_FIELDS, type Unit } from '@timberlog/contract';

import type { Waybill, WaybillCreate, WaybillUpdate } from '@/entities/waybill';
import { localDateText } from '@/shared/lib/format';

/** What the waybill form edits: every value as the user typed it (numbers too), so nothing is lost or reformatted. */
export interface WaybillFormValues {
  number: string;
  transportDate: string;
  origin: string;
  destination: string;
  destinationCompany: string;
  driverName: string;
  vehicleNumber: string;
  mileage: string;
  assortment: string;
  quantity: string;
  notes: string;
  /** The chosen assortment's unit, once known: it bounds the quantity (one load). Not sent. */
  unit: Unit | '';
  // The EVR fields: text as typed, '' for none (the server clears a field sent empty).
  ownerCompany: string;
  ownerPersonName: string;
  ownerPersonCode: string;
  transporterCompany: string;
  driverIdCode: string;
  driverPhone: string;
  trailerNumber: string;
  /** `2026-11-20T07:30`, Estonian time, as a datetime-local input holds it. */
  departureTime: string;
  grossMass: string;
  holdingBasisType: string;
  cadastralNumber: string;
  compartment: string;
  forestAllocationNumber: string;
  forestNotificationNumber: string;
  contractNumber: string;
  contractDate: string;
  previousOwnerName: string;
  previousOwnerCode: string;
  previousOwnerAddress: string;
  certificateClaims: { code: string; number: string }[];
  eudrReferenceNumber: string;
  eudrVerificationNumber: string;
}

/** The EVR fields kept as text in the form, in the order of its groups (the contract's list). */
export const EVR_TEXT_FIELDS = WAYBILL_EVR_TEXT_FIELDS satisfies readonly (keyof WaybillFormValues)[];

/** The time zone a departure is typed and shown in: the waybill's own country's. */
export const DEPARTURE_TIME_ZONE = INVOICE.timeZone;

/** An instant as a datetime-local input's value in Estonian time (`2026-11-20T07:30`); '' for none. */
export function toLocalDateTime(iso: string | null): string {
  if (!iso) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: DEPARTURE_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A datetime-local value (Estonian time) as the instant the API takes; null for none. */
export const fromLocalDateTime = (local: string): string | null =>
  local ? wallClockInstant(local.length === 16 ? `${local}:00` : local, DEPARTURE_TIME_ZONE) : null;

const NO_EVR_VALUES = {
  ...(Object.fromEntries(EVR_TEXT_FIELDS.map((field) => [field, ''])) as Record<(typeof EVR_TEXT_FIELDS)[number], string>),
  certificateClaims: [],
};

export const WAYBILL_FORM_FIELDS = [
  'number',
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
  ...EVR_TEXT_FIELDS,
  'certificateClaims',
] as const satisfies readonly (keyof WaybillFormValues)[];

/** A new waybill's form: transported today (the user's calendar day). */
export function emptyWaybillValues(today: Date = new Date()): WaybillFormValues {
  const date = localDateText(today);
  return {
    number: '',
    transportDate: date,
    origin: '',
    destination: '',
    destinationCompany: '',
    driverName: '',
    vehicleNumber: '',
    mileage: '',
    assortment: '',
    quantity: '',
    notes: '',
    unit: '',
    ...NO_EVR_VALUES,
  };
}

/**
 * Another trip like `waybill`: a new waybill's form with the same places, company, assortment,
 * driver, vehicle and mileage, transported today; its number, quantity and notes are the new trip's own.
 */
export function duplicateWaybillValues(waybill: Waybill, today: Date = new Date()): WaybillFormValues {
  return {
    ...emptyWaybillValues(today),
    origin: waybill.origin,
    destination: waybill.destination,
    destinationCompany: waybill.destinationCompany,
    driverName: waybill.driverName,
    vehicleNumber: waybill.vehicleNumber,
    mileage: String(waybill.mileage),
    assortment: waybill.assortment,
    unit: waybill.unit,
    // The same parties and land: another load from the same cutting.
    ownerCompany: waybill.ownerCompany ?? '',
    ownerPersonName: waybill.ownerPersonName ?? '',
    ownerPersonCode: waybill.ownerPersonCode ?? '',
    transporterCompany: waybill.transporterCompany ?? '',
    driverIdCode: waybill.driverIdCode ?? '',
    driverPhone: waybill.driverPhone ?? '',
    trailerNumber: waybill.trailerNumber ?? '',
    holdingBasisType: waybill.holdingBasisType ?? '',
    cadastralNumber: waybill.cadastralNumber ?? '',
    compartment: waybill.compartment ?? '',
    forestAllocationNumber: waybill.forestAllocationNumber ?? '',
    forestNotificationNumber: waybill.forestNotificationNumber ?? '',
    contractNumber: waybill.contractNumber ?? '',
    contractDate: waybill.contractDate ?? '',
    previousOwnerName: waybill.previousOwnerName ?? '',
    previousOwnerCode: waybill.previousOwnerCode ?? '',
    previousOwnerAddress: waybill.previousOwnerAddress ?? '',
    certificateClaims: waybill.certificateClaims.map((claim) => ({ code: claim.code, number: claim.number ?? '' })),
  };
}

/** The new waybill's page for another trip like waybill `from` (the Duplicate action's link). */
export const duplicateWaybillPath = (from: string): string => `/waybills/new?${new URLSearchParams({ from }).toString()}`;

export function waybillToValues(waybill: Waybill): WaybillFormValues {
  return {
    number: waybill.number,
    transportDate: waybill.transportDate,
    origin: waybill.origin,
    destination: waybill.destination,
    destinationCompany: waybill.destinationCompany,
    driverName: waybill.driverName,
    vehicleNumber: waybill.vehicleNumber,
    mileage: String(waybill.mileage),
    assortment: waybill.assortment,
    quantity: waybill.quantity,
    notes: waybill.notes,
    unit: waybill.unit,
    ...(Object.fromEntries(EVR_TEXT_FIELDS.map((field) => [field, waybill[field] ?? ''])) as Record<
      (typeof EVR_TEXT_FIELDS)[number],
      string
    >),
    departureTime: toLocalDateTime(waybill.departureTime),
    certificateClaims: waybill.certificateClaims.map((claim) => ({ code: claim.code, number: claim.number ?? '' })),
  };
}

/** A quantity typed with a decimal comma (Estonian) is the same number with a point, as the API takes it. */
export const normaliseDecimal = (value: string): string => value.trim().replace(',', '.');

const editableBody = (values: WaybillFormValues): WaybillUpdate => ({
  transportDate: values.transportDate,
  origin: values.origin.trim(),
  destination: values.destination.trim(),
  // Empty: the server takes the destination warehouse's company.
  ...(values.destinationCompany.trim() ? { destinationCompany: values.destinationCompany.trim() } : {}),
  driverName: values.driverName.trim(),
  vehicleNumber: values.vehicleNumber.trim(),
  mileage: Number(values.mileage.trim()),
  assortment: values.assortment.trim(),
  quantity: normaliseDecimal(values.quantity),
  notes: values.notes,
  ...evrBody(values),
});

/** The EVR fields as the API takes them: trimmed text, '' clears; the departure as an instant. */
function evrBody(values: WaybillFormValues) {
  const text = Object.fromEntries(EVR_TEXT_FIELDS.map((field) => [field, values[field].trim()])) as Record<
    (typeof EVR_TEXT_FIELDS)[number],
    string
  >;
  return {
    ...text,
    departureTime: fromLocalDateTime(text.departureTime),
    grossMass: text.grossMass ? normaliseDecimal(text.grossMass) : null,
    holdingBasisType: (text.holdingBasisType || null) as WaybillUpdate['holdingBasisType'],
    contractDate: text.contractDate || null,
    certificateClaims: values.certificateClaims.map((claim) => ({
      code: claim.code as NonNullable<WaybillUpdate['certificateClaims']>[number]['code'],
      number: claim.number.trim() || null,
    })),
  };
}

export function valuesToCreate(values: WaybillFormValues): WaybillCreate {
  const number = values.number.trim();
  // A new waybill sends only the EVR fields given: the server fills the owner and transporter of one that names none.
  const given = Object.fromEntries(
    Object.entries(editableBody(values)).filter(
      ([, value]) => value !== '' && value !== null && !(Array.isArray(value) && value.length === 0),
    ),
  ) as WaybillUpdate;
  return { ...(number ? { number } : {}), ...given };
}

export function valuesToUpdate(values: WaybillFormValues): WaybillUpdate {
  return editableBody(values);
}
