import { changeTime } from '@timberlog/contract';
import { http, HttpResponse, type HttpHandler } from 'msw';

import { changed, message, mockCaller, mockDb, nonFieldError, notFound, requestLocale, versionConflict } from '@/shared/mock-db';

/** A one-page PDF saying which document it stands for: the mocks do not draw the real one. */
const pdf = (title: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595.28 841.89]>>endobj\n% ${title}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

const file = (body: Uint8Array | string, type: string, filename: string) =>
  new HttpResponse(body, {
    headers: { 'Content-Type': type, 'Content-Disposition': `inline; filename="${filename}"`, 'Cache-Control': 'private, no-store' },
  });

/**
 * The document routes (server/src/documents/routes.ts): a stand-in PDF and e-invoice for a record
 * that exists, 404 otherwise; sending answers as the server does: 412 for a stale If-Match, 400
 * without the customer's email, 409 for a second sending unless `force=true`, else the invoice
 * with `sentAt` and `sentTo`.
 */
export const documentHandlers: readonly HttpHandler[] = [
  http.get('*/api/waybills/:number/pdf/', ({ params, request }) =>
    mockDb.waybills.some((waybill) => waybill.number === params.number)
      ? file(pdf(`Waybill ${String(params.number)}`), 'application/pdf', `${String(params.number)}.pdf`)
      : notFound(request),
  ),
  http.get('*/api/invoices/:number/pdf/', ({ params, request }) =>
    mockDb.invoices.some((invoice) => invoice.number === params.number)
      ? file(pdf(`Invoice ${String(params.number)}`), 'application/pdf', `${String(params.number)}.pdf`)
      : notFound(request),
  ),
  http.get('*/api/invoices/:number/einvoice/', ({ params, request }) => {
    const invoice = mockDb.invoices.find((item) => item.number === params.number);
    if (!invoice) return notFound(request);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>${invoice.number}</cbc:ID></Invoice>\n`;
    return file(xml, 'application/xml; charset=utf-8', `${invoice.number}.xml`);
  }),
  http.post('*/api/invoices/:number/send/', ({ params, request }) => {
    const invoice = mockDb.invoices.find((item) => item.number === params.number);
    if (!invoice) return notFound(request);
    // The raw accounting error is for staff only, as the invoice's own route answers it.
    const forCaller = (record: typeof invoice) => (mockCaller(request).isStaff ? record : { ...record, syncError: null });
    const stale = versionConflict(request, 'invoice', invoice.number, invoice, forCaller(invoice));
    if (stale) return stale;
    const company = mockDb.companies.find((item) => item.registryCode === invoice.customer);
    const email = company?.email.trim() ?? '';
    if (!email) return nonFieldError(message(request, 'invoice.customerNoEmail', { name: company?.name ?? invoice.customer }));
    const force = new URL(request.url).searchParams.get('force') === 'true';
    if (invoice.sentAt && !force)
      return HttpResponse.json(
        {
          detail: message(request, 'invoice.alreadySent', {
            to: invoice.sentTo ?? email,
            time: changeTime(requestLocale(request), invoice.sentAt),
          }),
          code: 'already_sent',
        },
        { status: 409 },
      );
    const now = new Date().toISOString();
    const next = changed(request, 'invoice', invoice.number, { ...invoice, sentAt: now, sentTo: email, lastModifiedAt: now });
    mockDb.invoices = mockDb.invoices.map((item) => (item.number === next.number ? next : item));
    return HttpResponse.json(forCaller(next), { headers: { ETag: `"${next.version}"` } });
  }),
];
