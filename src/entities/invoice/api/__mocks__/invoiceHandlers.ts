import { http, HttpResponse, type HttpHandler } from 'msw';

import { dateRange, equals, fieldErrors, listResponse, mockDb, mockInvoice, nonFieldError, notFound, oneOf, type ListSpec } from '@/shared/mock-db';

import type { Invoice, InvoiceCreate, InvoicePreview } from '../invoiceApi';

const VAT_RATE = 24;
const PAYMENT_DAYS = 14;

export const invoiceListSpec: ListSpec<Invoice> = {
  sortable: {
    number: (i) => i.number,
    status: (i) => i.status,
    customer: (i) => i.customer,
    issueDate: (i) => i.issueDate,
    dueDate: (i) => i.dueDate,
    grossTotal: (i) => Number(i.grossTotal),
    createdAt: (i) => i.createdAt,
    lastModifiedAt: (i) => i.lastModifiedAt,
  },
  defaultSort: '-createdAt',
  searchText: (i) => `${i.number} ${i.customerName}`,
  createdAt: (i) => i.createdAt,
  lastModifiedAt: (i) => i.lastModifiedAt,
  filters: [
    equals('status', (i) => i.status),
    oneOf('statusIn', (i) => i.status),
    oneOf('customer', (i) => i.customer),
    dateRange('issueDate', (i) => i.issueDate),
  ],
};

const money = (value: number) => value.toFixed(2);

/** The server's invoice rules: known, delivered, not yet invoiced waybills of one invoice customer. */
function computeInvoice(
  numbers: readonly string[],
  dates: { issueDate?: string | undefined; dueDate?: string | undefined },
): InvoicePreview | Response {
  const unique = [...new Set(numbers.map((number) => number.trim()).filter(Boolean))];
  if (unique.length === 0) return fieldErrors({ waybills: ['Choose at least one waybill.'] });
  const waybills = mockDb.waybills.filter((waybill) => unique.includes(waybill.number));
  const unknown = unique.filter((number) => !waybills.some((waybill) => waybill.number === number));
  if (unknown.length > 0) return fieldErrors({ waybills: [`Unknown waybills: ${unknown.join(', ')}.`] });
  const invoiced = waybills.filter((waybill) => waybill.invoice !== null || waybill.status === 'invoiced');
  if (invoiced.length > 0) return fieldErrors({ waybills: [`Already invoiced: ${invoiced.map((w) => w.number).join(', ')}.`] });
  const notDelivered = waybills.filter((waybill) => waybill.status !== 'delivered');
  if (notDelivered.length > 0) {
    return fieldErrors({ waybills: [`Not delivered: ${notDelivered.map((w) => `${w.number} (${w.status})`).join(', ')}.`] });
  }
  const customers = [...new Set(waybills.map((waybill) => waybill.destinationCompany))];
  if (customers.length > 1) return fieldErrors({ waybills: [`Waybills of several customers: ${customers.join(', ')}.`] });
  const company = mockDb.companies.find((item) => item.registryCode === customers[0]);
  if (!company?.isInvoiceCustomer) return fieldErrors({ waybills: [`${customers[0] ?? ''} is not an invoice customer.`] });

  const issueDate = dates.issueDate ?? new Date().toISOString().slice(0, 10);
  const dueDate =
    dates.dueDate ?? new Date(Date.parse(`${issueDate}T00:00:00Z`) + PAYMENT_DAYS * 86_400_000).toISOString().slice(0, 10);
  if (dueDate < issueDate) return fieldErrors({ dueDate: ['The due date is before the issue date.'] });
  const codes = [...new Set(waybills.map((waybill) => waybill.assortment))].sort();
  const lines = codes.map((code) => {
    const assortment = mockDb.assortments.find((item) => item.code === code);
    const quantity = waybills.filter((w) => w.assortment === code).reduce((sum, w) => sum + Number(w.quantity), 0);
    const unitPrice = Number(assortment?.unitPrice ?? 0);
    return {
      assortment: code,
      assortmentName: assortment?.name ?? code,
      quantity: quantity.toFixed(3),
      unit: assortment?.unit ?? 'm3',
      unitPrice: money(unitPrice),
      amount: money(Math.round(quantity * unitPrice * 100) / 100),
    } as const;
  });
  const net = lines.reduce((sum, line) => sum + Number(line.amount), 0);
  const vat = Math.round(net * VAT_RATE) / 100;
  return {
    customer: company.registryCode,
    customerName: company.name,
    issueDate,
    dueDate,
    currency: 'EUR',
    lines,
    netTotal: money(net),
    vatRate: money(VAT_RATE),
    vatTotal: money(vat),
    grossTotal: money(net + vat),
    waybills: unique,
  };
}

export const invoiceHandlers: readonly HttpHandler[] = [
  http.get('*/api/invoices/', ({ request }) => listResponse(request, mockDb.invoices, invoiceListSpec)),
  // Before `:number/`, which would otherwise take "preview" for a number.
  http.get('*/api/invoices/preview/', ({ request }) => {
    const params = new URL(request.url).searchParams;
    const preview = computeInvoice(params.getAll('waybills'), {
      issueDate: params.get('issueDate') ?? undefined,
      dueDate: params.get('dueDate') ?? undefined,
    });
    return preview instanceof Response ? preview : HttpResponse.json(preview);
  }),
  http.post('*/api/invoices/', async ({ request }) => {
    const body = (await request.json()) as Partial<InvoiceCreate>;
    const preview = computeInvoice(body.waybills ?? [], { issueDate: body.issueDate, dueDate: body.dueDate });
    if (preview instanceof Response) return preview;
    const number = `INV-2026-${String(mockDb.invoices.length + 1).padStart(4, '0')}`;
    const now = new Date().toISOString();
    const invoice = mockInvoice({
      ...preview,
      number,
      status: 'pending_sync',
      syncError: null,
      syncAttempts: 0,
      syncedAt: null,
      externalId: null,
      createdAt: now,
      lastModifiedAt: now,
    });
    mockDb.invoices = [invoice, ...mockDb.invoices];
    mockDb.waybills = mockDb.waybills.map((waybill) =>
      preview.waybills.includes(waybill.number) ? { ...waybill, status: 'invoiced', invoice: number, lastModifiedAt: now } : waybill,
    );
    return HttpResponse.json(invoice, { status: 201 });
  }),
  http.get('*/api/invoices/:number/', ({ params }) => {
    const invoice = mockDb.invoices.find((item) => item.number === params.number);
    return invoice ? HttpResponse.json(invoice) : notFound();
  }),
  http.post('*/api/invoices/:number/retry_sync/', ({ params }) => {
    const invoice = mockDb.invoices.find((item) => item.number === params.number);
    if (!invoice) return notFound();
    if (invoice.status !== 'sync_failed') return nonFieldError(`Only a failed sync can be retried; this invoice is ${invoice.status}.`);
    const next: Invoice = { ...invoice, status: 'pending_sync', syncError: null, lastModifiedAt: new Date().toISOString() };
    mockDb.invoices = mockDb.invoices.map((item) => (item.number === next.number ? next : item));
    return HttpResponse.json(next);
  }),
];
