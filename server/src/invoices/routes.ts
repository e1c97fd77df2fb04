import { sql } from 'kysely';
import type { App } from '../shared/context.js';
import { nonFieldError, notFound } from '../shared/errors.js';
import { findOne, runList } from '../shared/list.js';
import { nextDocumentNumber } from '../shared/numbers.js';
import { errors, ref } from '../shared/schema.js';
import { currentUser, requireUser } from '../auth/guards.js';
import { INVOICE, INVOICE_RETRYABLE_STATUS } from '@timberlog/contract';
import { NumberParams } from '../waybills/schemas.js';
import { Invoice, InvoiceCreate, InvoiceLineSchema, InvoiceListQuery, InvoicePage, InvoicePreview, PreviewQuery } from './schemas.js';
import { computeInvoice } from './rules.js';
import { invoiceSpec } from './queries.js';

export const invoiceSchemas = [InvoiceLineSchema, InvoicePreview, Invoice, InvoicePage];

export async function invoiceRoutes(app: App) {
  const { db, config, jobs } = app.ctx;
  const tags = ['invoices'];
  const get = (number: string) => findOne(db, invoiceSpec, sql`i.number = ${number}`);

  app.get('/api/invoices/', {
    preHandler: requireUser,
    schema: { operationId: 'listInvoices', tags, querystring: InvoiceListQuery, response: { 200: ref(InvoicePage), ...errors(400, 401, 404) } },
  }, async (request) => runList(db, request, invoiceSpec, request.query));

  app.get('/api/invoices/preview/', {
    preHandler: requireUser,
    schema: { operationId: 'previewInvoice', tags, querystring: PreviewQuery, response: { 200: ref(InvoicePreview), ...errors(400, 401) } },
  }, async (request) => computeInvoice(db, request.query.waybills ?? [], config.vatRate, request.query));

  app.post('/api/invoices/', {
    preHandler: requireUser,
    schema: { operationId: 'createInvoice', tags, body: InvoiceCreate, response: { 201: ref(Invoice), ...errors(400, 401) } },
  }, async (request, reply) => {
    const user = currentUser(request);
    const number = await db.transaction().execute(async (trx) => {
      const inv = await computeInvoice(trx, request.body.waybills, config.vatRate, request.body, true);
      const number = await nextDocumentNumber(trx, 'invoicePrefix');
      await trx.insertInto('invoices').values({
        number, status: 'pending_sync', customer: inv.customer, issueDate: inv.issueDate, dueDate: inv.dueDate, currency: INVOICE.currency,
        lines: JSON.stringify(inv.lines), netTotal: inv.netTotal, vatRate: inv.vatRate, vatTotal: inv.vatTotal, grossTotal: inv.grossTotal, createdBy: user.email,
      }).execute();
      await trx.updateTable('waybills').set({ status: 'invoiced', invoice: number, lastModifiedAt: new Date() }).where('number', 'in', inv.waybills).execute();
      await jobs.sendInvoiceSync(number, trx);
      return number;
    });
    reply.status(201);
    return get(number);
  });

  app.get('/api/invoices/:number/', {
    preHandler: requireUser,
    schema: { operationId: 'getInvoice', tags, params: NumberParams, response: { 200: ref(Invoice), ...errors(401, 404) } },
  }, async (request) => get(request.params.number));

  app.post('/api/invoices/:number/retry_sync/', {
    preHandler: requireUser,
    schema: { operationId: 'retryInvoiceSync', tags, params: NumberParams, response: { 200: ref(Invoice), ...errors(400, 401, 404) } },
  }, async (request) => {
    const number = request.params.number;
    const current = await db.selectFrom('invoices').select('status').where('number', '=', number).executeTakeFirst();
    if (!current) throw notFound();
    await db.transaction().execute(async (trx) => {
      const res = await trx.updateTable('invoices').set({ status: 'pending_sync', lastModifiedAt: new Date() }).where('number', '=', number).where('status', '=', INVOICE_RETRYABLE_STATUS).executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw nonFieldError('invoice.retryNotFailed', { status: current.status });
      await jobs.sendInvoiceSync(number, trx);
    });
    return get(number);
  });
}
