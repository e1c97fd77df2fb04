import { Type, Nullable, Timestamp, DateStr, listQuery, page, QArray, StrEnum, Price, Money, RecordVersion } from '../http/schema.js';
import { INVOICE, INVOICE_LIST, INVOICE_STATUSES, INVOICE_SYNC_FAILURES, LIMITS, UNITS } from '@timberlog/contract';

export const InvoiceLineSchema = Type.Object(
  {
    assortment: Type.String(),
    assortmentName: Type.String(),
    quantity: Money('Decimal quantity in the unit'),
    unit: StrEnum(UNITS),
    unitPrice: Price(),
    amount: Money(),
  },
  { $id: 'InvoiceLine', title: 'InvoiceLine' },
);
const invoiceBody = {
  customer: Type.String(),
  customerName: Type.String(),
  issueDate: DateStr(),
  dueDate: DateStr(),
  currency: Type.Literal(INVOICE.currency),
  lines: Type.Array(Type.Ref('InvoiceLine')),
  netTotal: Money(),
  vatRate: Money('VAT percent'),
  vatTotal: Money(),
  grossTotal: Money(),
  waybills: Type.Array(Type.String()),
};
export const InvoicePreview = Type.Object(invoiceBody, { $id: 'InvoicePreview', title: 'InvoicePreview' });
export const Invoice = Type.Object(
  {
    number: Type.String(),
    status: StrEnum(INVOICE_STATUSES),
    ...invoiceBody,
    syncFailure: Nullable(
      StrEnum(INVOICE_SYNC_FAILURES, { description: 'Why the last sync failed, as users are told it; null unless `sync_failed`.' }),
    ),
    syncError: Nullable(
      Type.String({
        description: 'The accounting error as it was raised (it may name internal hosts): staff only, null for everyone else.',
      }),
    ),
    syncAttempts: Type.Integer(),
    syncedAt: Nullable(Timestamp()),
    externalId: Nullable(Type.String()),
    sentAt: Nullable(
      Type.String({ format: 'date-time', description: 'When the invoice was last sent to its customer by mail; null: never.' }),
    ),
    sentTo: Nullable(Type.String({ description: 'The address it was last sent to.' })),
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
  { $id: 'Invoice', title: 'Invoice' },
);
export const InvoicePage = page(Type.Ref('Invoice'), 'InvoicePage');
const WaybillNumbers = () =>
  Type.Array(Type.String({ minLength: 1, maxLength: LIMITS.documentNumberMaxLength }), { maxItems: LIMITS.invoiceMaxWaybills });
export const InvoiceCreate = Type.Object(
  { waybills: WaybillNumbers(), issueDate: Type.Optional(DateStr()), dueDate: Type.Optional(DateStr()) },
  { title: 'InvoiceCreate' },
);
export const PreviewQuery = Type.Object(
  {
    waybills: Type.Optional(
      QArray(Type.String({ maxLength: LIMITS.documentNumberMaxLength }), {
        description: 'Numbers of the waybills to invoice. Repeat the parameter (`waybills=a&waybills=b`); each number is taken whole.',
      }),
    ),
    issueDate: Type.Optional(Type.String({ format: 'date', description: 'Issue date; today when not given.' })),
    dueDate: Type.Optional(
      Type.String({ format: 'date', description: `Due date; ${INVOICE.paymentDays} days after the issue date when not given.` }),
    ),
  },
  { title: 'InvoicePreviewQuery' },
);
export const InvoiceListQuery = listQuery(INVOICE_LIST, 'InvoiceListQuery');
