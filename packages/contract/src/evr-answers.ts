/**
 * What EVR's answers say, read the one way the server (the poller) and the mocks read them: the
 * receiver's latest measurement act, notes, the EUDR numbers a start of ours writes into the
 * comment, and an incoming waybill (addressed to us, started by another company) as we keep it.
 */
import { CERTIFICATE_CLAIMS, HOLDING_BASIS_TYPES } from './evr-codes.ts';

/** EVR's unit code of our unit: solid cubic metres are `tm`, tonnes `t`. */
export const evrUnitCode = (unit: string): string => (unit === 'm3' ? 'tm' : unit);

/** The EUDR due-diligence numbers, which StartWaybillRequest has no field for: kept in its comment. */
export const eudrComment = (w: {
  readonly eudrReferenceNumber: string | null;
  readonly eudrVerificationNumber: string | null;
}): string | undefined =>
  w.eudrReferenceNumber && w.eudrVerificationNumber ? `EUDR DDS ${w.eudrReferenceNumber} / ${w.eudrVerificationNumber}` : undefined;

/** The latest measurement act as the waybill keeps it: who measured what, when, and the total. */
export interface EvrMeasurement {
  readonly actNumber: string | null;
  readonly actDate: string | null;
  readonly measurerCode: string | null;
  readonly creationTime: string | null;
  readonly total: { readonly amount: number; readonly unit: string } | null;
  readonly items: readonly {
    readonly assortment: string | null;
    readonly name: string | null;
    readonly amount: number;
    readonly unitCode: string | null;
  }[];
}

export function measurementOf(act: unknown): EvrMeasurement | null {
  if (!act || typeof act !== 'object') return null;
  const a = act as Record<string, unknown>;
  const total = a.total as { amount?: unknown; unit?: unknown } | null | undefined;
  const items = Array.isArray(a.measurements) ? (a.measurements as Record<string, unknown>[]) : [];
  return {
    actNumber: str(a.actNumber),
    actDate: str(a.actDate),
    measurerCode: str(a.measurerCode),
    creationTime: str(a.creationTime),
    total: total && typeof total.amount === 'number' && typeof total.unit === 'string' ? { amount: total.amount, unit: total.unit } : null,
    items: items.map((item) => {
      const assortment = (item.assortment ?? {}) as Record<string, unknown>;
      return {
        assortment: str(assortment.code),
        name: str(assortment.name),
        amount: typeof item.amount === 'number' ? item.amount : 0,
        unitCode: str(item.unitCode),
      };
    }),
  };
}

/** A measurement's total in the waybill's own unit (m³ or t), when EVR measured in it; else null. */
export function measuredQuantity(measurement: EvrMeasurement | null, unit: string): string | null {
  if (!measurement) return null;
  const wanted = evrUnitCode(unit);
  if (measurement.total && measurement.total.unit === wanted) return measurement.total.amount.toFixed(3);
  // No total in our unit: the items that are, summed (a receiver may give items only).
  const items = measurement.items.filter((item) => item.unitCode === wanted);
  return items.length > 0 && items.length === measurement.items.length
    ? items.reduce((sum, item) => sum + item.amount, 0).toFixed(3)
    : null;
}

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {});
const arr = (value: unknown): Obj[] => (Array.isArray(value) ? value.map(obj) : []);
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const time = (value: unknown): string | null => {
  const text = str(value);
  return text && !Number.isNaN(Date.parse(text)) ? new Date(text).toISOString() : null;
};

/** EVR's unit code as a person reads it: `tm` (a solid cubic metre) is m³; other codes as EVR sends them. */
export const evrUnitSymbol = (code: string | null): string => (code === 'tm' ? 'm³' : (code ?? ''));

/** Our unit of EVR's unit code (tm: solid cubic metres), or null for one we do not keep loads in. */
export const unitOfEvrCode = (code: string | null): 'm3' | 't' | null => (code === 'tm' ? 'm3' : code === 't' ? 't' : null);

/** The EUDR numbers in a comment, as a start of ours writes them (`eudrComment`). */
export function eudrFromComment(comment: string | null): { reference: string; verification: string } | null {
  const match = comment?.match(/EUDR DDS (\S+) \/ (\S+?)(?:;|$)/);
  return match ? { reference: match[1]!, verification: match[2]! } : null;
}

/** A note in EVR as we keep it: its words, when, and by whom (name and code). */
export interface EvrNote {
  readonly message: string;
  readonly creationTime: string | null;
  readonly creatorName: string | null;
  readonly creatorCode: string | null;
}

export const notesOf = (w: { readonly [field: string]: unknown }): EvrNote[] =>
  arr(w.notes)
    .map((note) => {
      const creator = obj(note.creator);
      return {
        message: str(note.message) ?? '',
        creationTime: time(note.creationTime),
        creatorName: str(creator.name),
        creatorCode: str(creator.code) ?? str(note.creatorCode),
      };
    })
    .filter((note) => note.message !== '');

/** An EVR waybill as its JSON comes (pyevr's names): its number and status, the rest read with care. */
export interface EvrDocument {
  readonly number: string;
  readonly status: string;
  readonly [more: string]: unknown;
}

/**
 * An incoming waybill as we keep it, from EVR's document; `destinations` maps EVR place codes to
 * our warehouses' destination codes (the load comes to one of ours when its place is one).
 */
export function incomingOf(w: EvrDocument, destinations: ReadonlyMap<string, string>) {
  const owner = obj(w.owner);
  const transport = obj(w.transport);
  const transporter = obj(transport.transporter);
  const place = obj(w.placeOfDelivery);
  const shipments = arr(w.shipments);
  const first = shipments[0] ?? {};
  const basis = obj(first.holdingBase);
  const items = shipments.flatMap((shipment) =>
    arr(shipment.items).map((item) => {
      const assortment = obj(item.assortment);
      return { assortment: str(assortment.code), name: str(assortment.name), amount: num(item.amount) ?? 0, unitCode: str(item.unitCode) };
    }),
  );
  const units = new Set(items.map((item) => unitOfEvrCode(item.unitCode)));
  const unit = units.size === 1 ? [...units][0]! : null;
  const claims = new Map<string, { code: string; number: string | null }>();
  for (const shipment of shipments) {
    for (const claim of arr(shipment.certificateClaims)) {
      const code = str(claim.code);
      if (code && (CERTIFICATE_CLAIMS as readonly string[]).includes(code)) claims.set(code, { code, number: str(claim.number) });
    }
  }
  const comment = str(w.comment);
  const eudr = eudrFromComment(comment);
  const measurement = measurementOf(w.waybillLatestMeasurements);
  const placeCode = str(place.code);
  const basisType = str(basis.type);
  return {
    number: w.number,
    status: w.status,
    ownerName: str(owner.name) ?? '',
    ownerCode: str(owner.code) ?? '',
    transporterName: str(transporter.name),
    transporterCode: str(transporter.code),
    driverName: str(transport.driverName),
    driverIdCode: str(transport.driverIdCode),
    driverPhone: str(transport.driverPhone),
    vehicleNumber: str(transport.vanRegistrationNumber),
    trailerNumber: str(transport.trailerRegistrationNumber),
    departureTime: time(w.departureTime),
    placeCode,
    placeName: str(place.name) ?? '',
    destination: placeCode ? (destinations.get(placeCode) ?? null) : null,
    sourceName: str(obj(first.source).name),
    holdingBasisType: basisType && (HOLDING_BASIS_TYPES as readonly string[]).includes(basisType) ? basisType : null,
    cadastralNumber: str(basis.cadaster),
    items,
    quantity: unit ? items.reduce((sum, item) => sum + item.amount, 0).toFixed(3) : null,
    unit,
    certificateClaims: [...claims.values()],
    eudrReference: eudr?.reference ?? null,
    eudrVerification: eudr?.verification ?? null,
    comment,
    notes: notesOf(w),
    mileage: num(w.totalJourneyMileage),
    measurement,
    measured: unit ? measuredQuantity(measurement, unit) : null,
    createdInEvr: time(w.creationTime),
    modifiedInEvr: time(w.lastModificationTime),
    unloadedAt: time(w.unloadingTime),
    finishedAt: time(w.finishingTime),
    cancelledAt: time(w.cancellationTime),
    cancellationReason: str(w.cancellationReason),
  };
}
