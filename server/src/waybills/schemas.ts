import { Type, Nullable, Timestamp, DateStr, listQuery, page, QArray, StrEnum, Quantity, Str } from '../shared/schema.js';
import { LIMITS, UNITS, WAYBILL_STATUSES, EXPORT_FORMATS } from '@timberlog/contract';

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
  },
  { $id: 'Waybill', title: 'Waybill' },
);
export const WaybillPage = page(Type.Ref('Waybill'), 'WaybillPage');

const editable = {
  transportDate: DateStr(),
  origin: Str(50, 1),
  destination: Str(50, 1),
  destinationCompany: Type.Optional(Type.String({ maxLength: 8 })),
  driverName: Str(LIMITS.nameMaxLength, 1),
  vehicleNumber: Str(20, 1),
  mileage: Type.Integer({ minimum: LIMITS.mileageMin, maximum: LIMITS.mileageMax }),
  assortment: Str(50, 1),
  quantity: Quantity(),
  notes: Type.Optional(Str(LIMITS.notesMaxLength)),
};
export const WaybillCreate = Type.Object(
  { number: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.waybillNumberMaxLength, pattern: '^[A-Za-z0-9][A-Za-z0-9/_-]*$' })), ...editable },
  { title: 'WaybillCreate' },
);
export const WaybillUpdate = Type.Object({ ...editable, status: Type.Optional(StrEnum(WAYBILL_STATUSES)) }, { title: 'WaybillUpdate' });
export const WaybillPatch = Type.Partial(WaybillUpdate, { title: 'WaybillPatch' });

const S = () => Type.String({ maxLength: 200 });
export const waybillFilterProps = {
  assortment: Type.Optional(QArray(S())),
  destination: Type.Optional(QArray(S())),
  destinationCompany: Type.Optional(QArray(S())),
  driverName: Type.Optional(S()),
  mileage: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  mileageMin: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  mileageMax: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  origin: Type.Optional(QArray(S())),
  status: Type.Optional(StrEnum(WAYBILL_STATUSES)),
  statusIn: Type.Optional(QArray(StrEnum(WAYBILL_STATUSES))),
  transportDate: Type.Optional(DateStr()),
  transportDateAfter: Type.Optional(DateStr()),
  transportDateBefore: Type.Optional(DateStr()),
  invoice: Type.Optional(S()),
};
export const WaybillListQuery = listQuery(waybillFilterProps, 'WaybillListQuery');
export const ReportBody = Type.Object({ format: StrEnum(EXPORT_FORMATS) }, { title: 'ReportRequest' });
export const NumberParams = Type.Object({ number: Type.String({ maxLength: 100 }) });
