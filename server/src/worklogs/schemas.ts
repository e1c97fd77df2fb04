import { Type, Nullable, Timestamp, DateStr, listQuery, page, QArray, StrEnum, Quantity, Str, QTimestamp } from '../shared/schema.js';
import { LIMITS, WORKLOG_ACTIONS } from '@timberlog/contract';

export const Worklog = Type.Object(
  {
    number: Type.String(),
    timestamp: Timestamp(),
    action: StrEnum(WORKLOG_ACTIONS),
    warehouse: Type.Integer(),
    warehouseName: Type.String(),
    warehouseCompany: Type.String(),
    warehouseCompanyName: Type.String(),
    workerName: Type.String(),
    assortment: Nullable(Type.String()),
    assortmentName: Nullable(Type.String()),
    quantity: Nullable(Quantity()),
    waybill: Nullable(Type.String()),
    durationMinutes: Type.Integer(),
    notes: Type.String(),
    createdBy: Nullable(Type.String()),
    createdAt: Timestamp(),
    lastModifiedAt: Timestamp(),
  },
  { $id: 'Worklog', title: 'Worklog' },
);
export const WorklogPage = page(Type.Ref('Worklog'), 'WorklogPage');

const editable = {
  timestamp: Type.String({ format: 'date-time', maxLength: 40 }),
  action: StrEnum(WORKLOG_ACTIONS),
  warehouse: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  workerName: Str(LIMITS.nameMaxLength, 1),
  assortment: Type.Optional(Nullable(Str(50))),
  quantity: Type.Optional(Nullable(Quantity())),
  waybill: Type.Optional(Nullable(Str(100))),
  durationMinutes: Type.Integer({ minimum: LIMITS.durationMinutesMin, maximum: LIMITS.durationMinutesMax }),
  notes: Type.Optional(Str(LIMITS.notesMaxLength)),
};
export const WorklogCreate = Type.Object(editable, { title: 'WorklogCreate' });
export const WorklogUpdate = Type.Object(editable, { title: 'WorklogUpdate' });
export const WorklogPatch = Type.Partial(WorklogUpdate, { title: 'WorklogPatch' });

const S = () => Type.String({ maxLength: 200 });
export const worklogFilterProps = {
  action: Type.Optional(StrEnum(WORKLOG_ACTIONS)),
  actionIn: Type.Optional(QArray(StrEnum(WORKLOG_ACTIONS))),
  timestamp: Type.Optional(DateStr()),
  timestampAfter: Type.Optional(QTimestamp()),
  timestampBefore: Type.Optional(QTimestamp()),
  warehouse: Type.Optional(QArray(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
  warehouseCompany: Type.Optional(QArray(S())),
  workerName: Type.Optional(QArray(S())),
  waybill: Type.Optional(S()),
};
export const WorklogListQuery = listQuery(worklogFilterProps, 'WorklogListQuery');
