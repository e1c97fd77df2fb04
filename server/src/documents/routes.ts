import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from '@sinclair/typebox';
import {
  changeTime,
  DOCUMENT_NUMBER,
  documentDate,
  documentMoney,
  documentText,
  LIMITS,
  type Locale,
  type WaybillStatus,
} from '@timberlog/contract';
import type { App, AppContext } from '../infra/context.js';
import { ApiError, nonFieldError } from '../http/errors.js';
import { findOne } from '../list/index.js';
import { conflict, IfMatchHeaders, errors, ref, Type } from '../http/schema.js';
import { transaction } from '../infra/transaction.js';
import { lockForWrite, withEtag } from '../records/versions.js';
import { missingSellerSettings, type AppConfig } from '../infra/config.js';
import { currentUser, writer } from '../auth/guards.js';
import { numberParams } from '../waybills/schemas.js';
import { waybillSpec } from '../waybills/queries.js';
import { invoiceSpec } from '../invoices/queries.js';
import { Invoice } from '../invoices/schemas.js';
import { invoiceUbl } from '../invoices/ubl.js';
import { invoicePdf, waybillPdf, type InvoiceDocument, type WaybillDocument } from './pdf.js';

/**
 * The documents that leave the office: the printable waybill and invoice (PDF, in the request's
 * language), the invoice as an EN 16931 e-invoice (UBL XML), and sending an invoice to its
 * customer by mail with both attached. Readable by whoever may read the record: any signed-in user.
 */

/** How long a sending holds its invoice when its process stops before giving the claim back. */
const SEND_CLAIM_SECONDS = 120;

/** Refuses (400, translated) while the seller's required settings are missing: no invoice can be made or shown without them. */
export function requireSeller(config: AppConfig): void {
  const missing = missingSellerSettings(config.seller);
  if (missing.length > 0) throw nonFieldError('invoice.sellerMissing', { settings: missing.join(', ') });
}

export interface LoadedInvoice {
  document: InvoiceDocument;
  sentAt: string | null;
  sentTo: string | null;
  email: string;
  language: Locale | null;
}

/** An invoice with its customer's details, as its documents show it; 404 when there is none. */
export async function loadInvoice(ctx: Pick<AppContext, 'db'>, number: string): Promise<LoadedInvoice> {
  const row = (await findOne(ctx.db, invoiceSpec, sql`i.number = ${number}`)) as Static<typeof Invoice> & {
    sentAt: string | null;
    sentTo: string | null;
  };
  // The date of supply: the covered loads' last transport date.
  const supplied = await ctx.db
    .selectFrom('waybills')
    .select(sql<string>`max(transport_date)::text`.as('last'))
    .where('number', 'in', row.waybills.length > 0 ? row.waybills : [''])
    .executeTakeFirst();
  const company = await ctx.db
    .selectFrom('companies')
    .select(['name', 'registryCode', 'vatNumber', 'address', 'email', 'language'])
    .where('registryCode', '=', row.customer)
    .executeTakeFirstOrThrow();
  return {
    document: {
      number: row.number,
      issueDate: String(row.issueDate).slice(0, 10),
      dueDate: String(row.dueDate).slice(0, 10),
      supplyDate: supplied?.last ?? String(row.issueDate).slice(0, 10),
      currency: row.currency,
      lines: row.lines as InvoiceDocument['lines'],
      netTotal: row.netTotal,
      vatRate: row.vatRate,
      vatTotal: row.vatTotal,
      grossTotal: row.grossTotal,
      waybills: row.waybills,
      customer: { name: company.name, registryCode: company.registryCode, vatNumber: company.vatNumber, address: company.address },
    },
    sentAt: row.sentAt,
    sentTo: row.sentTo,
    email: company.email,
    language: company.language === 'en' || company.language === 'et' ? company.language : null,
  };
}

const PDF_RESPONSE = {
  description: 'The document as an A4 PDF.',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};
const UBL_RESPONSE = {
  description: 'The invoice as UBL 2.1 XML (Peppol BIS Billing 3.0).',
  content: { 'application/xml': { schema: { type: 'string' } } },
};

const LANGUAGE_NOTE = 'In the language the request asks for (`Accept-Language`: en or et; en when neither).';

/** How a document's file is answered: shown in the browser (`inline`) under its number's name. */
function sendFile(reply: FastifyReply, type: string, filename: string, body: Buffer | string) {
  reply.header('Content-Type', type);
  reply.header('Content-Disposition', `inline; filename="${filename}"`);
  reply.header('Cache-Control', 'private, no-store');
  return reply.send(body);
}

const SendInvoiceQuery = Type.Object(
  {
    force: Type.Optional(
      Type.Boolean({ description: 'Send again although the invoice was sent before (without it, a second sending answers 409).' }),
    ),
  },
  { title: 'InvoiceSendQuery' },
);

export async function documentRoutes(app: App) {
  const { db, config, mailer } = app.ctx;
  /** The invoice as its own route answers it: the raw accounting error for staff only. */
  const current = async (request: FastifyRequest, number: string) => {
    const invoice = (await findOne(db, invoiceSpec, sql`i.number = ${number}`)) as Static<typeof Invoice> & { version: number };
    return currentUser(request).isStaff ? invoice : { ...invoice, syncError: null };
  };
  const WaybillParams = numberParams('waybill', DOCUMENT_NUMBER.waybillPrefix);
  const InvoiceParams = numberParams('invoice', DOCUMENT_NUMBER.invoicePrefix);

  app.get(
    '/waybills/:number/pdf/',
    {
      schema: {
        operationId: 'waybillPdf',
        summary: 'The waybill as a printable document (PDF)',
        description: `Any signed-in user. The timber transport document that travels with the load: every field of the waybill, with room for the driver's and the receiver's signatures. ${LANGUAGE_NOTE}`,
        tags: ['waybills'],
        params: WaybillParams,
        response: { 200: PDF_RESPONSE, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const w = (await findOne(db, waybillSpec, sql`b.number = ${request.params.number}`)) as unknown as WaybillDocument & {
        status: WaybillStatus;
      };
      const pdf = await waybillPdf({ ...w, transportDate: String(w.transportDate).slice(0, 10) }, request.locale);
      return sendFile(reply, 'application/pdf', `${w.number}.pdf`, pdf);
    },
  );

  app.get(
    '/invoices/:number/pdf/',
    {
      schema: {
        operationId: 'invoicePdf',
        summary: 'The invoice as a printable document (PDF)',
        description: `Any signed-in user. What the VAT Act § 37 asks of an invoice: its number and dates, the seller (the server's settings) and the customer with their registry and VAT numbers and addresses, the lines per assortment with quantity, unit, unit price and amount, the totals without VAT, VAT per rate and with VAT, the bank account, and the waybills it covers. ${LANGUAGE_NOTE} 400 while the seller's settings are missing.`,
        tags: ['invoices'],
        params: InvoiceParams,
        response: { 200: PDF_RESPONSE, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const inv = await loadInvoice(app.ctx, request.params.number);
      requireSeller(config);
      return sendFile(
        reply,
        'application/pdf',
        `${inv.document.number}.pdf`,
        await invoicePdf(inv.document, config.seller, request.locale),
      );
    },
  );

  app.get(
    '/invoices/:number/einvoice/',
    {
      schema: {
        operationId: 'invoiceEinvoice',
        summary: 'The invoice as an EN 16931 e-invoice (UBL 2.1 XML)',
        description:
          "Any signed-in user. A UBL 2.1 `Invoice` following Peppol BIS Billing 3.0: the seller's and customer's registry codes (scheme 0191) and VAT numbers, one line per assortment, the VAT breakdown (standard rate, category S), and `PayableAmount` equal to the invoice's gross total, in the invoice's own decimals. 400 while the seller's settings are missing.",
        tags: ['invoices'],
        params: InvoiceParams,
        response: { 200: UBL_RESPONSE, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const inv = await loadInvoice(app.ctx, request.params.number);
      requireSeller(config);
      return sendFile(reply, 'application/xml; charset=utf-8', `${inv.document.number}.xml`, invoiceUbl(inv.document, config.seller));
    },
  );

  app.post(
    '/invoices/:number/send/',
    {
      schema: {
        operationId: 'sendInvoice',
        summary: 'Send the invoice to its customer',
        description: `Any signed-in user. Mails the invoice to the customer company's email address, with the PDF and the e-invoice (UBL XML) attached, in the customer's language (Estonian when it is not known). The sending and its result are written to the invoice (\`sentAt\`, \`sentTo\`) and so to its history. A customer without an email address: 400. An invoice sent before: 409 (\`already_sent\`) unless \`force=true\` confirms a second sending. One sending of an invoice at a time: another one while it is under way is 409 (\`send_in_progress\`) and mails nothing. Each account mails at most ${LIMITS.invoiceSendsPerAccountPerHour} invoices an hour and sends one invoice again at most ${LIMITS.invoiceResendsPerHour} times an hour; over that, 429 with Retry-After. The mail server refusing: 503, recorded in the history too. The version read goes in \`If-Match\` (required: 428 without); naming a version the invoice has moved on from: 412 with the invoice as it is now, and nothing is sent.`,
        tags: ['invoices'],
        params: InvoiceParams,
        querystring: SendInvoiceQuery,
        headers: IfMatchHeaders,
        response: { 200: ref(Invoice), ...errors(400, 401, 404, 409, 429, 503), ...conflict(ref(Invoice)) },
      },
    },
    async (request, reply) => {
      const number = request.params.number;
      await loadInvoice(app.ctx, number);
      requireSeller(config);
      // A stale If-Match is refused before anything is mailed: the sender decided on what they saw.
      await transaction(db, (trx) => lockForWrite(request, trx, 'invoices', number, () => current(request, number)));
      // One sending at a time per invoice: a parallel one finds the claim taken and mails nothing.
      const claimed = await db
        .insertInto('invoiceSendings')
        .values({ invoiceNumber: number, claimedUntil: sql<string>`now() + make_interval(secs => ${SEND_CLAIM_SECONDS})` })
        .onConflict((oc) =>
          oc
            .column('invoiceNumber')
            .doUpdateSet({ claimedUntil: (eb) => eb.ref('excluded.claimedUntil') })
            .where('invoiceSendings.claimedUntil', '<', sql<string>`now()`),
        )
        .returning('invoiceNumber')
        .executeTakeFirst();
      if (!claimed) throw new ApiError(409, { key: 'invoice.sendInProgress' }, undefined, 'send_in_progress');
      try {
        return await sendClaimed(request, reply, number);
      } finally {
        await db.deleteFrom('invoiceSendings').where('invoiceNumber', '=', number).execute();
      }
    },
  );

  /** The sending once its claim is held: read afresh, so a sending that just ended is seen. */
  async function sendClaimed(
    request: FastifyRequest<{ Params: { number: string }; Querystring: { force?: boolean } }>,
    reply: FastifyReply,
    number: string,
  ) {
    const inv = await loadInvoice(app.ctx, number);
    if (!inv.email.trim()) throw nonFieldError('invoice.customerNoEmail', { name: inv.document.customer.name });
    if (inv.sentAt && !request.query.force)
      throw new ApiError(
        409,
        { key: 'invoice.alreadySent', params: { to: inv.sentTo ?? inv.email, time: changeTime(request.locale, inv.sentAt) } },
        undefined,
        'already_sent',
      );
    // Every mail counts on the sender's hourly budget, a re-sending on the invoice's as well.
    const sender = currentUser(request).email;
    await app.ctx.limits.invoiceSend.consume(inv.sentAt ? { account: sender, invoice: number } : { account: sender });
    const locale: Locale = inv.language ?? 'et';
    const doc = inv.document;
    const [pdf, xml] = [await invoicePdf(doc, config.seller, locale), invoiceUbl(doc, config.seller)];
    const to = inv.email.trim();
    let failure: string | null = null;
    try {
      await mailer.send({
        to,
        // The customer's answer reaches the seller's own address, not the product's sending one.
        ...(config.seller.email ? { replyTo: config.seller.email } : {}),
        subject: documentText(locale, 'mailInvoiceSubject', { number: doc.number, seller: config.seller.name }),
        text: documentText(locale, 'mailInvoiceBody', {
          number: doc.number,
          date: documentDate(locale, doc.issueDate),
          amount: documentMoney(locale, doc.grossTotal),
          due: documentDate(locale, doc.dueDate),
          seller: config.seller.name,
        }),
        attachments: [
          { filename: `${doc.number}.pdf`, contentType: 'application/pdf', content: pdf },
          { filename: `${doc.number}.xml`, contentType: 'application/xml', content: Buffer.from(xml, 'utf8') },
        ],
      });
    } catch (err) {
      failure = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'mail not sent';
      request.log.warn({ invoice: number, err: failure }, 'invoice mail failed');
    }
    // The attempt and its result, in one transaction with its history entry.
    await transaction(
      db,
      async (trx) => {
        await trx
          .updateTable('invoices')
          .set(
            failure === null
              ? { sentAt: new Date(), sentTo: to, sendError: null, sendAttempts: sql`send_attempts + 1`, lastModifiedAt: new Date() }
              : { sendError: failure, sendAttempts: sql`send_attempts + 1`, lastModifiedAt: new Date() },
          )
          .where('number', '=', number)
          .execute();
      },
      writer(request),
    );
    if (failure !== null) throw new ApiError(503, { key: 'invoice.sendFailed' });
    return withEtag(reply, await current(request, number));
  }
}
