/**
 * Which waybills make an invoice, and which rule a refused set breaks first. The server's invoice
 * preview and creation and the mocks' both ask these, so they refuse the same set with the same
 * message.
 */
import { todayIn } from './charts.ts';
import { INVOICE, WAYBILL_INVOICEABLE_STATUS } from './limits.ts';
import type { MessageKey, MessageParams } from './messages.ts';

const DAY_MS = 86_400_000;

/** The invoice rules in the order they are checked: the first one broken is the one answered. */
export const INVOICE_RULES = [
  'invoice.noWaybills',
  'invoice.unknownWaybills',
  'invoice.alreadyInvoiced',
  'invoice.notDelivered',
  'invoice.mixedCustomers',
  'invoice.notCustomer',
  'invoice.issueInFuture',
  'invoice.dueBeforeIssue',
] as const satisfies readonly MessageKey[];
export type InvoiceRule = (typeof INVOICE_RULES)[number];

/** What the rules need to know of a waybill. */
export interface InvoiceWaybill {
  number: string;
  status: string;
  invoice: string | null;
  destinationCompany: string;
}

/** A broken rule: the field it is answered on, its message and the message's values. */
export interface InvoiceProblem {
  field: 'waybills' | 'issueDate' | 'dueDate';
  key: InvoiceRule;
  params?: MessageParams;
}

/** The waybill numbers asked for: each taken whole and trimmed, empty ones dropped, repeats once. */
export const invoiceWaybillNumbers = (numbers: readonly string[]): string[] => [
  ...new Set(numbers.map((number) => number.trim()).filter(Boolean)),
];

/** The due date when none is given: the issue date plus the payment days. */
export const defaultDueDate = (issueDate: string): string =>
  new Date(Date.parse(`${issueDate}T00:00:00Z`) + INVOICE.paymentDays * DAY_MS).toISOString().slice(0, 10);

/** Today's date (YYYY-MM-DD) in the calendar invoices are dated in (INVOICE.timeZone): the default and latest issue date. */
export const invoiceToday = (now: Date = new Date()): string => todayIn(INVOICE.timeZone, now);

/**
 * The first date rule an invoice's dates break, or undefined: the issue date not after `today`
 * (invoiceToday), the due date not before the issue date. Dates are `YYYY-MM-DD`, already valid.
 * The new-invoice form asks it as the user types; invoiceProblem asks it for the server and the mocks.
 */
export function invoiceDateProblem(dates: { issueDate: string; dueDate: string }, today: string): InvoiceProblem | undefined {
  if (dates.issueDate > today) return { field: 'issueDate', key: 'invoice.issueInFuture' };
  if (dates.dueDate < dates.issueDate) return { field: 'dueDate', key: 'invoice.dueBeforeIssue' };
  return undefined;
}

/**
 * The first rule (INVOICE_RULES order) that invoicing `numbers` (as invoiceWaybillNumbers gives
 * them) breaks, or undefined. `found` are the waybills of those numbers that exist; lists in the
 * messages name them by number order. `isInvoiceCustomer` is asked about the one customer only.
 * Dates are `YYYY-MM-DD`, already valid; `today` is invoiceToday() at the request. `companyName` names a customer in the messages
 * ("Järva Saeveski AS (10234567)"), so a clerk reads companies, not registry codes.
 */
export function invoiceProblem(
  numbers: readonly string[],
  found: readonly InvoiceWaybill[],
  isInvoiceCustomer: (registryCode: string) => boolean,
  dates: { issueDate: string; dueDate: string; today: string },
  companyName: (registryCode: string) => string | undefined = () => undefined,
): InvoiceProblem | undefined {
  const waybills = [...found].sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
  const list = (items: readonly string[]) => ({ list: items.join(', ') });
  if (numbers.length === 0) return { field: 'waybills', key: 'invoice.noWaybills' };
  const unknown = numbers.filter((number) => !waybills.some((waybill) => waybill.number === number));
  if (unknown.length > 0) return { field: 'waybills', key: 'invoice.unknownWaybills', params: list(unknown) };
  const invoiced = waybills.filter((waybill) => waybill.invoice !== null || waybill.status === 'invoiced');
  if (invoiced.length > 0)
    return { field: 'waybills', key: 'invoice.alreadyInvoiced', params: list(invoiced.map((waybill) => waybill.number)) };
  const notDelivered = waybills.filter((waybill) => waybill.status !== WAYBILL_INVOICEABLE_STATUS);
  if (notDelivered.length > 0) {
    return {
      field: 'waybills',
      key: 'invoice.notDelivered',
      params: list(notDelivered.map((waybill) => `${waybill.number} (${waybill.status})`)),
    };
  }
  const customers = [...new Set(waybills.map((waybill) => waybill.destinationCompany))];
  const named = (code: string) => {
    const name = companyName(code);
    return name ? `${name} (${code})` : code;
  };
  if (customers.length > 1) return { field: 'waybills', key: 'invoice.mixedCustomers', params: list(customers.map(named)) };
  const customer = customers[0] ?? '';
  if (!isInvoiceCustomer(customer)) return { field: 'waybills', key: 'invoice.notCustomer', params: { value: customer } };
  return invoiceDateProblem(dates, dates.today);
}
