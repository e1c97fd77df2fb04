/**
 * Exact decimal arithmetic for money and quantities: values travel as decimal strings and are
 * computed here as integers of their smallest unit (thousandths of a unit, cents), never as
 * floats, so the demo data, the mocks and the server's PostgreSQL numerics agree to the cent.
 */

/** `"27.35"` with 3 decimals → 27350. The string must match the contract's decimal patterns. */
export function toScaled(value: string, decimals: number): number {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  const digits = (fraction + '0'.repeat(decimals)).slice(0, decimals);
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 10 ** decimals + Number(digits || '0'));
}

/** 27350 with 3 decimals → `"27.350"`. */
export function fromScaled(value: number, decimals: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const unit = 10 ** decimals;
  const whole = Math.floor(abs / unit);
  if (decimals === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(abs % unit).padStart(decimals, '0')}`;
}

/** Divides and rounds half away from zero, as PostgreSQL's `round(numeric)` does. */
export function divRound(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d));
}

/** Line amount in cents: a quantity (thousandths) times a unit price (cents), rounded to cents. */
export const lineAmountCents = (quantityMilli: number, unitPriceCents: number): number => divRound(quantityMilli * unitPriceCents, 1000);

/** VAT in cents of a net total in cents at a percent rate given as a decimal string (`"24.00"`). */
export const vatCents = (netCents: number, vatRate: string): number => divRound(netCents * toScaled(vatRate, 2), 10000);

export const money = (cents: number): string => fromScaled(cents, 2);
export const quantity = (milli: number): string => fromScaled(milli, 3);

export interface InvoiceLineInput {
  assortment: string;
  assortmentName: string;
  unit: 'm3' | 't';
  unitPrice: string;
  quantity: string;
}

/**
 * The lines and totals of an invoice as the server computes them: one line per assortment
 * (ordered by code, byte order as PostgreSQL's C collation), its quantity summed, its amount
 * rounded to cents; VAT rounded on the net total.
 */
export function invoiceTotals(items: readonly InvoiceLineInput[], vatRate: string) {
  const byCode = new Map<string, InvoiceLineInput & { milli: number }>();
  for (const item of items) {
    const line = byCode.get(item.assortment) ?? { ...item, milli: 0 };
    line.milli += toScaled(item.quantity, 3);
    byCode.set(item.assortment, line);
  }
  const lines = [...byCode.values()]
    .sort((a, b) => (a.assortment < b.assortment ? -1 : a.assortment > b.assortment ? 1 : 0))
    .map((line) => ({
      assortment: line.assortment,
      assortmentName: line.assortmentName,
      quantity: quantity(line.milli),
      unit: line.unit,
      unitPrice: line.unitPrice,
      amount: money(lineAmountCents(line.milli, toScaled(line.unitPrice, 2))),
    }));
  const net = lines.reduce((sum, line) => sum + toScaled(line.amount, 2), 0);
  const vat = vatCents(net, vatRate);
  return { lines, netTotal: money(net), vatRate: money(toScaled(vatRate, 2)), vatTotal: money(vat), grossTotal: money(net + vat) };
}
