import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  INVOICE,
  INVOICE_LIST,
  INVOICE_RETRYABLE_STATUS,
  defaultDueDate,
  invoiceProblem,
  invoiceToday,
  invoiceWaybillNumbers,
} from '@timberlog/contract';
import { invoiceTotals } from '@timberlog/contract/demo-data';

import {
  changed,
  created,
  fieldErrors,
  historyResponse,
  isDate,
  listResponse,
  message,
  createdByCaller,
  mockCaller,
  mockDb,
  nextNumber,
  nonFieldError,
  notFound,
  versionConflict,
} from '@/shared/mock-db';

import type { Invoice, InvoiceCreate, InvoicePreview } from '../invoiceApi';

/**
 * The server's invoice (server/src/invoices/rules.ts): the contract decides which rule is broken
 * first; amounts in exact decimals (the contract's `invoiceTotals`).
 */
function computeInvoice(
  request: Request,
  numbers: readonly string[],
  dates: { issueDate?: string | undefined; dueDate?: string | undefined },
): InvoicePreview | Response {
  const unique = invoiceWaybillNumbers(numbers);
  const waybills = mockDb.waybills.filter((waybill) => unique.includes(waybill.number)).sort((a, b) => (a.number < b.number ? -1 : 1));
  const companyOf = (code: string | undefined) => mockDb.companies.find((item) => item.registryCode === code);
  const today = invoiceToday();
  const issueDate = dates.issueDate ?? today;
  const dueDate = dates.dueDate ?? defaultDueDate(issueDate);
  const problem = invoiceProblem(
    unique,
    waybills,
    (code) => companyOf(code)?.isInvoiceCustomer === true,
    { issueDate, dueDate, today },
    (code) => companyOf(code)?.name,
  );
  if (problem) return fieldErrors({ [problem.field]: [message(request, problem.key, problem.params)] });
  const company = companyOf(waybills[0]?.destinationCompany);
  if (!company) return notFound(request);
  const totals = invoiceTotals(
    waybills.map((waybill) => ({
      ...waybill,
      unitPrice: mockDb.assortments.find((item) => item.code === waybill.assortment)?.unitPrice ?? '0',
    })),
    INVOICE.vatRateDefault,
  );
  return {
    customer: company.registryCode,
    customerName: company.name,
    issueDate,
    dueDate,
    currency: INVOICE.currency,
    ...totals,
    waybills: unique,
  };
}

/** The preview's date parameters, checked as the server's schema does. */
const dateErrors = (request: Request, dates: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(dates)
      .filter(([, value]) => value !== undefined && !isDate(value))
      .map(([name]) => [name, [message(request, 'field.format.date')]]),
  );

/** The raw accounting error for staff only, as the server answers it; everyone gets `syncFailure`. */
const forCaller =
  (request: Request) =>
  (invoice: Invoice): Invoice =>
    mockCaller(request).isStaff ? invoice : { ...invoice, syncError: null };

export const invoiceHandlers: readonly HttpHandler[] = [
  http.get('*/api/invoices/', ({ request }) => listResponse(request, INVOICE_LIST, mockDb.invoices.map(forCaller(request)))),
  // Before `:number/`, which would otherwise take "preview" for a number.
  http.get('*/api/invoices/preview/', ({ request }) => {
    const params = new URL(request.url).searchParams;
    const dates = { issueDate: params.get('issueDate') ?? undefined, dueDate: params.get('dueDate') ?? undefined };
    const invalid = dateErrors(request, dates);
    if (Object.keys(invalid).length > 0) return fieldErrors(invalid);
    // Each number taken whole (commas included), empty ones dropped, as the server does.
    const numbers = params.getAll('waybills').filter((value) => value !== '');
    const preview = computeInvoice(request, numbers, dates);
    return preview instanceof Response ? preview : HttpResponse.json(preview);
  }),
  http.post('*/api/invoices/', async ({ request }) => {
    const body = (await request.json()) as Partial<InvoiceCreate>;
    if (body.waybills === undefined) return fieldErrors({ waybills: [message(request, 'field.required')] });
    const preview = computeInvoice(request, body.waybills, { issueDate: body.issueDate, dueDate: body.dueDate });
    if (preview instanceof Response) return preview;
    const number = nextNumber('invoice');
    const now = new Date().toISOString();
    const invoice: Invoice = {
      ...preview,
      number,
      status: 'pending_sync',
      waybills: [...preview.waybills].sort(),
      syncFailure: null,
      syncError: null,
      syncAttempts: 0,
      syncedAt: null,
      externalId: null,
      sentAt: null,
      sentTo: null,
      ...createdByCaller(request),
      createdAt: now,
      lastModifiedAt: now,
      version: 1,
    };
    created(request, 'invoice', number);
    mockDb.invoices = [invoice, ...mockDb.invoices];
    mockDb.waybills = mockDb.waybills.map((waybill) =>
      preview.waybills.includes(waybill.number)
        ? changed(request, 'waybill', waybill.number, { ...waybill, status: 'invoiced', invoice: number, lastModifiedAt: now })
        : waybill,
    );
    return HttpResponse.json(invoice, { status: 201, headers: { ETag: '"1"' } });
  }),
  http.get('*/api/invoices/:number/history/', ({ params, request }) => historyResponse(request, 'invoice', String(params.number))),
  http.get('*/api/invoices/:number/', ({ params, request }) => {
    const invoice = mockDb.invoices.find((item) => item.number === params.number);
    return invoice ? HttpResponse.json(forCaller(request)(invoice), { headers: { ETag: `"${invoice.version}"` } }) : notFound(request);
  }),
  http.post('*/api/invoices/:number/retry_sync/', ({ params, request }) => {
    const invoice = mockDb.invoices.find((item) => item.number === params.number);
    if (!invoice) return notFound(request);
    const stale = versionConflict(request, 'invoice', invoice.number, invoice, forCaller(request)(invoice));
    if (stale) return stale;
    if (invoice.status !== INVOICE_RETRYABLE_STATUS)
      return nonFieldError(message(request, 'invoice.retryNotFailed', { status: invoice.status }));
    const next: Invoice = changed(request, 'invoice', invoice.number, {
      ...invoice,
      status: 'pending_sync',
      lastModifiedAt: new Date().toISOString(),
    });
    mockDb.invoices = mockDb.invoices.map((item) => (item.number === next.number ? next : item));
    return HttpResponse.json(forCaller(request)(next));
  }),
];
