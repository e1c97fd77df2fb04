import { sql, type Kysely } from 'kysely';
import type { Database, InvoiceLine } from '../shared/db.js';
import { ApiError, type Msg } from '../shared/errors.js';
import { INVOICE, WAYBILL_INVOICEABLE_STATUS } from '@timberlog/contract';

export interface ComputedInvoice {
  customer: string;
  customerName: string;
  issueDate: string;
  dueDate: string;
  currency: typeof INVOICE.currency;
  lines: InvoiceLine[];
  netTotal: string;
  vatRate: string;
  vatTotal: string;
  grossTotal: string;
  waybills: string[];
}

/**
 * Computes the invoice that the given waybills make, or throws a 400 naming every rule broken:
 * at least one waybill; all known; all delivered; none invoiced; one destination company, which is an invoice customer.
 * Amounts are computed in PostgreSQL numerics (exact decimals), one line per assortment.
 */
export async function computeInvoice(
  db: Kysely<Database>,
  numbers: string[],
  vatRate: string,
  dates: { issueDate?: string; dueDate?: string },
  lock = false,
): Promise<ComputedInvoice> {
  const unique = [...new Set(numbers.map((n) => n.trim()).filter(Boolean))];
  const fail = (key: string, params?: Record<string, string | number>, field = 'waybills'): never => {
    throw new ApiError(400, undefined, { [field]: [{ key, params } as Msg] });
  };
  if (unique.length === 0) fail('invoice.noWaybills');
  const rows = lock
    ? await sql<{ number: string; status: string; invoice: string | null; destinationCompany: string }>`
        SELECT number, status, invoice, destination_company AS "destinationCompany" FROM waybills WHERE number = ANY(${unique}) ORDER BY number FOR UPDATE`.execute(db)
    : await sql<{ number: string; status: string; invoice: string | null; destinationCompany: string }>`
        SELECT number, status, invoice, destination_company AS "destinationCompany" FROM waybills WHERE number = ANY(${unique}) ORDER BY number`.execute(db);
  const found = new Map(rows.rows.map((r) => [r.number, r]));
  const unknown = unique.filter((n) => !found.has(n));
  if (unknown.length) fail('invoice.unknownWaybills', { list: unknown.join(', ') });
  const invoiced = rows.rows.filter((r) => r.invoice !== null || r.status === 'invoiced').map((r) => r.number);
  if (invoiced.length) fail('invoice.alreadyInvoiced', { list: invoiced.join(', ') });
  const notDelivered = rows.rows.filter((r) => r.status !== WAYBILL_INVOICEABLE_STATUS).map((r) => `${r.number} (${r.status})`);
  if (notDelivered.length) fail('invoice.notDelivered', { list: notDelivered.join(', ') });
  const customers = [...new Set(rows.rows.map((r) => r.destinationCompany))];
  if (customers.length > 1) fail('invoice.mixedCustomers', { list: customers.join(', ') });
  const customer = customers[0]!;
  const company = await db.selectFrom('companies').select(['name', 'isInvoiceCustomer']).where('registryCode', '=', customer).executeTakeFirstOrThrow();
  if (!company.isInvoiceCustomer) fail('invoice.notCustomer', { value: customer });

  const today = new Date().toISOString().slice(0, 10);
  const issueDate = dates.issueDate ?? today;
  const dueDate = dates.dueDate ?? new Date(Date.parse(`${issueDate}T00:00:00Z`) + INVOICE.paymentDays * 86400_000).toISOString().slice(0, 10);
  if (dueDate < issueDate) fail('invoice.dueBeforeIssue', undefined, 'dueDate');

  const lines = await sql<InvoiceLine>`
    SELECT a.code AS assortment, a.name AS "assortmentName", sum(b.quantity)::numeric(20,3)::text AS quantity, a.unit,
           a.unit_price::text AS "unitPrice", round(sum(b.quantity) * a.unit_price, 2)::numeric(20,2)::text AS amount
    FROM waybills b JOIN assortments a ON a.code = b.assortment
    WHERE b.number = ANY(${unique})
    GROUP BY a.code, a.name, a.unit, a.unit_price ORDER BY a.code`.execute(db);
  const totals = await sql<{ net: string; vat: string; gross: string }>`
    WITH t AS (SELECT coalesce(sum(x.amount), 0) AS net FROM (SELECT unnest(${lines.rows.map((l) => l.amount)}::numeric[]) AS amount) x)
    SELECT t.net::numeric(20,2)::text AS net, round(t.net * ${vatRate}::numeric / 100, 2)::numeric(20,2)::text AS vat,
           (t.net + round(t.net * ${vatRate}::numeric / 100, 2))::numeric(20,2)::text AS gross FROM t`.execute(db);
  const t = totals.rows[0]!;
  return {
    customer, customerName: company.name, issueDate, dueDate, currency: INVOICE.currency, lines: lines.rows,
    netTotal: t.net, vatRate: Number(vatRate).toFixed(2), vatTotal: t.vat, grossTotal: t.gross, waybills: unique,
  };
}
