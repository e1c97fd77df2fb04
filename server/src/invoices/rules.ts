import { sql, type Kysely } from 'kysely';
import type { Database, InvoiceLine } from '../infra/db.js';
import { ApiError, type Msg } from '../http/errors.js';
import { INVOICE, defaultDueDate, invoiceProblem, invoiceToday, invoiceWaybillNumbers, type InvoiceWaybill } from '@timberlog/contract';

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
 * Computes the invoice that the given waybills make, or throws a 400 naming the first rule broken
 * (the contract's INVOICE_RULES: at least one waybill; all known; none invoiced; all delivered; one
 * destination company, which is an invoice customer; the issue date not in the future; the due date not before the issue date).
 * Amounts are computed in PostgreSQL numerics (exact decimals), one line per assortment.
 */
export async function computeInvoice(
  db: Kysely<Database>,
  numbers: string[],
  vatRate: string,
  dates: { issueDate?: string; dueDate?: string },
  lock = false,
): Promise<ComputedInvoice> {
  const unique = invoiceWaybillNumbers(numbers);
  const rows =
    unique.length === 0
      ? []
      : lock
        ? await sql<InvoiceWaybill>`
            SELECT number, status, invoice, destination_company AS "destinationCompany" FROM waybills WHERE number = ANY(${unique}) ORDER BY number FOR UPDATE`
            .execute(db)
            .then((r) => r.rows)
        : await sql<InvoiceWaybill>`
            SELECT number, status, invoice, destination_company AS "destinationCompany" FROM waybills WHERE number = ANY(${unique}) ORDER BY number`
            .execute(db)
            .then((r) => r.rows);
  const codes = [...new Set(rows.map((r) => r.destinationCompany))];
  const companies =
    codes.length === 0
      ? []
      : await db.selectFrom('companies').select(['registryCode', 'name', 'isInvoiceCustomer']).where('registryCode', 'in', codes).execute();
  const companyOf = (code: string) => companies.find((c) => c.registryCode === code);
  const today = invoiceToday();
  const issueDate = dates.issueDate ?? today;
  const dueDate = dates.dueDate ?? defaultDueDate(issueDate);
  // The contract decides which rule is broken first, as the mocks ask it too.
  const problem = invoiceProblem(
    unique,
    rows,
    (code) => companyOf(code)?.isInvoiceCustomer === true,
    { issueDate, dueDate, today },
    (code) => companyOf(code)?.name,
  );
  if (problem) throw new ApiError(400, undefined, { [problem.field]: [{ key: problem.key, params: problem.params } as Msg] });
  const customer = rows[0]!.destinationCompany;
  const company = companyOf(customer)!;

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
    customer,
    customerName: company.name,
    issueDate,
    dueDate,
    currency: INVOICE.currency,
    lines: lines.rows,
    netTotal: t.net,
    vatRate: Number(vatRate).toFixed(2),
    vatTotal: t.vat,
    grossTotal: t.gross,
    waybills: unique,
  };
}
