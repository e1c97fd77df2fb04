import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Static } from '@sinclair/typebox';
import type { App } from '../infra/context.js';
import { nonFieldError } from '../http/errors.js';
import { findOne, runList } from '../list/index.js';
import { nextDocumentNumber } from '../records/numbers.js';
import { errors, ref, conflict, IfMatchHeaders } from '../http/schema.js';
import { currentUser, writer } from '../auth/guards.js';
import { DOCUMENT_NUMBER, documentNumber, INVOICE, INVOICE_RETRYABLE_STATUS } from '@timberlog/contract';
import { numberParams } from '../waybills/schemas.js';
import { Invoice, InvoiceCreate, InvoiceLineSchema, InvoiceListQuery, InvoicePage, InvoicePreview, PreviewQuery } from './schemas.js';
import { computeInvoice } from './rules.js';
import { invoiceSpec } from './queries.js';
import { transaction } from '../infra/transaction.js';
import { lockForWrite, withEtag } from '../records/versions.js';
import { documentRoutes, requireSeller } from '../documents/routes.js';

const NumberParams = numberParams('invoice', DOCUMENT_NUMBER.invoicePrefix);
export const invoiceSchemas = [InvoiceLineSchema, InvoicePreview, Invoice, InvoicePage];

export async function invoiceRoutes(app: App) {
  const { db, config, jobs } = app.ctx;
  // The documents of waybills and invoices: their PDFs, the e-invoice, and sending an invoice.
  await app.register(documentRoutes);
  const tags = ['invoices'];
  /** The raw accounting error (it may name internal hosts) for staff only; users get `syncFailure`. */
  const forCaller = (request: FastifyRequest) => {
    const staff = currentUser(request).isStaff;
    return <R extends Record<string, unknown>>(row: R): R => (staff ? row : { ...row, syncError: null });
  };
  const get = async (request: FastifyRequest, number: string) =>
    forCaller(request)((await findOne(db, invoiceSpec, sql`i.number = ${number}`)) as Static<typeof Invoice> & { version: number });

  app.get(
    '/invoices/',
    {
      schema: {
        operationId: 'listInvoices',
        summary: 'List invoices',
        description: 'Any signed-in user.',
        tags,
        querystring: InvoiceListQuery,
        response: { 200: ref(InvoicePage), ...errors(400, 401, 404) },
      },
    },
    async (request) => runList(db, request, invoiceSpec, request.query, [], forCaller(request)),
  );

  app.get(
    '/invoices/preview/',
    {
      schema: {
        operationId: 'previewInvoice',
        summary: 'Preview the invoice some waybills would make',
        description:
          'Any signed-in user. Applies the same rules and computes the same lines and totals as creating the invoice, and stores nothing.',
        tags,
        querystring: PreviewQuery,
        response: { 200: ref(InvoicePreview), ...errors(400, 401) },
      },
    },
    async (request) => computeInvoice(db, request.query.waybills ?? [], config.vatRate, request.query),
  );

  app.post(
    '/invoices/',
    {
      schema: {
        operationId: 'createInvoice',
        summary: 'Invoice delivered waybills',
        description: `Any signed-in user. Every waybill must exist, be delivered and not yet invoiced, and all must go to one destination company that is an invoice customer. Lines are summed per assortment at its unit price, with VAT, in exact decimals. The seller's settings must be set (400 otherwise). The due date defaults to ${INVOICE.paymentDays} days after the issue date and must not be before it. The waybills become invoiced in the same transaction, and the invoice is queued for sync with the accounting system (\`pending_sync\`). The next number is assigned (the year of creation and a running number that never restarts, so no number repeats: \`${documentNumber(DOCUMENT_NUMBER.invoicePrefix, 2026, 1)}\`).`,
        tags,
        body: InvoiceCreate,
        response: { 201: ref(Invoice), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // An invoice names its seller (VAT Act § 37): none is made while the seller's settings are missing.
      requireSeller(config);
      const number = await transaction(
        db,
        async (trx) => {
          const inv = await computeInvoice(trx, request.body.waybills, config.vatRate, request.body, true);
          const number = await nextDocumentNumber(trx, 'invoicePrefix');
          await trx
            .insertInto('invoices')
            .values({
              number,
              status: 'pending_sync',
              customer: inv.customer,
              issueDate: inv.issueDate,
              dueDate: inv.dueDate,
              currency: INVOICE.currency,
              lines: JSON.stringify(inv.lines),
              netTotal: inv.netTotal,
              vatRate: inv.vatRate,
              vatTotal: inv.vatTotal,
              grossTotal: inv.grossTotal,
              createdBy: user.email,
            })
            .execute();
          await trx
            .updateTable('waybills')
            .set({ status: 'invoiced', invoice: number, lastModifiedAt: new Date() })
            .where('number', 'in', inv.waybills)
            .execute();
          await jobs.sendInvoiceSync(number, trx);
          return number;
        },
        writer(request),
      );
      reply.status(201);
      return withEtag(reply, await get(request, number));
    },
  );

  app.get(
    '/invoices/:number/',
    {
      schema: {
        operationId: 'getInvoice',
        summary: 'Get an invoice',
        description: 'Any signed-in user.',
        tags,
        params: NumberParams,
        response: { 200: ref(Invoice), ...errors(401, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await get(request, request.params.number)),
  );

  app.post(
    '/invoices/:number/retry_sync/',
    {
      schema: {
        operationId: 'retryInvoiceSync',
        summary: 'Retry a failed accounting sync',
        description:
          'Any signed-in user. Only an invoice whose sync failed can be retried; it goes back to `pending_sync` and is queued again.',
        tags,
        params: NumberParams,
        headers: IfMatchHeaders,
        response: { 200: ref(Invoice), ...errors(400, 401, 404), ...conflict(ref(Invoice)) },
      },
    },
    async (request, reply) => {
      const number = request.params.number;
      await transaction(
        db,
        async (trx) => {
          const current = await lockForWrite(request, trx, 'invoices', number, () => get(request, number), ['status']);
          if (current.status !== INVOICE_RETRYABLE_STATUS) throw nonFieldError('invoice.retryNotFailed', { status: current.status });
          await trx
            .updateTable('invoices')
            .set({ status: 'pending_sync', lastModifiedAt: new Date() })
            .where('number', '=', number)
            .execute();
          await jobs.sendInvoiceSync(number, trx);
        },
        writer(request),
      );
      return withEtag(reply, await get(request, number));
    },
  );
}
