import { Type, Nullable, Timestamp, DateStr, listQuery, page, StrEnum, Quantity, Str, RecordVersion } from '../http/schema.js';
import {
  documentNumber,
  LIMITS,
  UNITS,
  WAYBILL_CORRECTIONS,
  WAYBILL_LIST,
  WAYBILL_NUMBER_PATTERN,
  WAYBILL_STATUSES,
  EXPORT_FORMATS,
} from '@timberlog/contract';

/** `delivered to confirmed, confirmed to draft`: the corrections staff may make, for the API document. */
export const CORRECTIONS_TEXT = Object.entries(WAYBILL_CORRECTIONS)
  .filter(([, to]) => to.length > 0)
  .map(([from, to]) => `${from} to ${to.join(' or ')}`)
  .join(', ');

export const Waybill = Type.Object(
  {
    number: Type.String(),
    status: StrEnum(WAYBILL_STATUSES),
    transportDate: DateStr(),
    origin: Type.String(),
    originName: Type.String(),
    destination: Type.String(),
    destinationName: Type.String(),
    destinationCompany: Type.String(),
    destinationCompanyName: Type.String(),
    driverName: Type.String(),
    vehicleNumber: Type.String(),
    mileage: Type.Integer(),
    assortment: Type.String(),
    assortmentName: Type.String(),
    quantity: Quantity(),
    unit: StrEnum(UNITS),
    invoice: Nullable(Type.String()),
    notes: Type.String(),
    createdBy: Nullable(Type.String()),
    createdAt: Timestamp(),
    lastModifiedAt: Timestamp(),
    version: RecordVersion(),
  },
  { $id: 'Waybill', title: 'Waybill' },
);
export const WaybillPage = page(Type.Ref('Waybill'), 'WaybillPage');

const editable = {
  transportDate: DateStr(),
  origin: Str(LIMITS.codeMaxLength, 1),
  destination: Str(LIMITS.codeMaxLength, 1),
  destinationCompany: Type.Optional(Type.String({ maxLength: LIMITS.registryCodeLength })),
  driverName: Str(LIMITS.nameMaxLength, 1),
  vehicleNumber: Str(LIMITS.vehicleNumberMaxLength, 1),
  mileage: Type.Integer({ minimum: LIMITS.mileageMin, maximum: LIMITS.mileageMax }),
  assortment: Str(LIMITS.codeMaxLength, 1),
  quantity: Quantity(),
  notes: Type.Optional(Str(LIMITS.notesMaxLength)),
};
export const WaybillCreate = Type.Object(
  {
    number: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.waybillNumberMaxLength, pattern: WAYBILL_NUMBER_PATTERN })),
    ...editable,
  },
  { title: 'WaybillCreate' },
);
export const WaybillUpdate = Type.Object(
  {
    ...editable,
    status: Type.Optional(StrEnum(WAYBILL_STATUSES)),
    reason: Type.Optional(
      Type.String({
        maxLength: LIMITS.notesMaxLength,
        description: `Why: required with a correction (staff moving a waybill back: ${CORRECTIONS_TEXT}), kept in its history.`,
      }),
    ),
  },
  { title: 'WaybillUpdate' },
);
export const WaybillPatch = Type.Partial(WaybillUpdate, { title: 'WaybillPatch' });

export const WaybillListQuery = listQuery(WAYBILL_LIST, 'WaybillListQuery');
export const ReportBody = Type.Object({ format: StrEnum(EXPORT_FORMATS) }, { title: 'ReportRequest' });
/** The `number` path parameter of a document (waybill, worklog, invoice). */
export const numberParams = (what: string, prefix: string) =>
  Type.Object({
    number: Type.String({
      maxLength: LIMITS.documentNumberMaxLength,
      description: `The ${what}'s number, e.g. \`${documentNumber(prefix, 2026, 42)}\`.`,
    }),
  });
