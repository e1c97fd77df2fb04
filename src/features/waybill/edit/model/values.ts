import type { Unit } from '@timberlog/contract';

import type { Waybill, WaybillCreate, WaybillUpdate } from '@/entities/waybill';

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
}

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
] as const satisfies readonly (keyof WaybillFormValues)[];

/** A new waybill's form: transported today (the user's calendar day). */
export function emptyWaybillValues(today: Date = new Date()): WaybillFormValues {
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
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
});

export function valuesToCreate(values: WaybillFormValues): WaybillCreate {
  const number = values.number.trim();
  return { ...(number ? { number } : {}), ...editableBody(values) };
}

export function valuesToUpdate(values: WaybillFormValues): WaybillUpdate {
  return editableBody(values);
}
