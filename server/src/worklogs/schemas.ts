import { Type, Nullable, Timestamp, listQuery, page, StrEnum, Quantity, Str, RecordVersion } from '../http/schema.js';
import { LIMITS, WORKLOG_ACTIONS, WORKLOG_LIST } from '@timberlog/contract';

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
    createdByName: Nullable(
      Type.String({
        description:
          'The name of the account in createdBy, as the account has it now; null without one (an account since deleted, or none).',
      }),
    ),
    createdAt: Timestamp(),
    lastModifiedAt: Timestamp(),
    version: RecordVersion(),
  },
  { $id: 'Worklog', title: 'Worklog' },
);
export const WorklogPage = page(Type.Ref('Worklog'), 'WorklogPage');

const editable = {
  timestamp: Type.String({ format: 'date-time', maxLength: 40 }),
  action: StrEnum(WORKLOG_ACTIONS),
  warehouse: Type.Integer({ minimum: 1, maximum: LIMITS.idMax }),
  workerName: Str(LIMITS.nameMaxLength, 1),
  assortment: Type.Optional(Nullable(Str(LIMITS.codeMaxLength))),
  quantity: Type.Optional(Nullable(Quantity())),
  waybill: Type.Optional(Nullable(Str(LIMITS.documentNumberMaxLength))),
  durationMinutes: Type.Integer({ minimum: LIMITS.durationMinutesMin, maximum: LIMITS.durationMinutesMax }),
  notes: Type.Optional(Str(LIMITS.notesMaxLength)),
};
export const WorklogCreate = Type.Object(editable, { title: 'WorklogCreate' });
export const WorklogUpdate = Type.Object(editable, { title: 'WorklogUpdate' });
export const WorklogPatch = Type.Partial(WorklogUpdate, { title: 'WorklogPatch' });

export const WorklogListQuery = listQuery(WORKLOG_LIST, 'WorklogListQuery');
