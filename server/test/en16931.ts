/**
 * Test tools for e-invoices: the UBL 2.1 schema check (the OASIS XSD vendored in fixtures/ubl, run
 * by libxml2 compiled to WebAssembly) and the EN 16931 business rules that apply to our invoices,
 * each named as the standard names it. The rules are the ones the CEN validation artefacts state
 * for UBL; only those a standard-rated invoice without allowances, charges or prepayment can break
 * are checked in full, and the sum rules take document-level allowances and charges into account
 * so the official Peppol examples can serve as test vectors.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';
import { validateXML } from 'xmllint-wasm';

const here = path.dirname(fileURLToPath(import.meta.url));
const UBL_DIR = path.join(here, 'fixtures', 'ubl');

let schemaFiles: { schema: { fileName: string; contents: string }[]; preload: { fileName: string; contents: string }[] } | undefined;
const schemas = () =>
  (schemaFiles ??= {
    schema: [
      { fileName: 'maindoc/UBL-Invoice-2.1.xsd', contents: fs.readFileSync(path.join(UBL_DIR, 'maindoc/UBL-Invoice-2.1.xsd'), 'utf8') },
    ],
    preload: fs
      .readdirSync(path.join(UBL_DIR, 'common'))
      .map((f) => ({ fileName: `common/${f}`, contents: fs.readFileSync(path.join(UBL_DIR, 'common', f), 'utf8') })),
  });

/** The UBL 2.1 XSD's errors for a document; empty when it is valid. */
export async function xsdErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'invoice.xml', contents: xml }], ...schemas() });
  return result.valid ? [] : result.errors.map((e) => e.message);
}

const select = xpath.useNamespaces({
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
});

type XNode = Parameters<typeof select>[1];

/** The names of the rules an invoice breaks, each with what was found: `BR-CO-15: …`. */
export function businessRuleErrors(xml: string): string[] {
  const doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as XNode;
  const nodes = (expr: string, ctx: XNode = doc) => select(expr, ctx) as XNode[];
  const text = (expr: string, ctx: XNode = doc): string => {
    const n = nodes(expr, ctx)[0] as { textContent?: string | null } | undefined;
    return (n?.textContent ?? '').trim();
  };
  const has = (expr: string, ctx: XNode = doc) => text(expr, ctx) !== '';
  /** An amount in cents (integers, so sums are exact). */
  const cents = (value: string) => Math.round(Number(value) * 100);
  const amountAt = (expr: string, ctx: XNode = doc) => cents(text(expr, ctx) || '0');
  const sum = (expr: string, ctx: XNode = doc) =>
    nodes(expr, ctx).reduce((a, n) => a + cents((n as { textContent: string }).textContent), 0);
  const errors: string[] = [];
  const rule = (id: string, ok: boolean, what: string) => {
    if (!ok) errors.push(`${id}: ${what}`);
  };

  const root = '/inv:Invoice';
  const seller = `${root}/cac:AccountingSupplierParty/cac:Party`;
  const buyer = `${root}/cac:AccountingCustomerParty/cac:Party`;
  const total = `${root}/cac:LegalMonetaryTotal`;

  // Mandatory content (BR-01 … BR-16).
  rule('BR-01', has(`${root}/cbc:CustomizationID`), 'the specification identifier (BT-24) is missing');
  rule('BR-02', has(`${root}/cbc:ID`), 'the invoice number (BT-1) is missing');
  rule('BR-03', has(`${root}/cbc:IssueDate`), 'the issue date (BT-2) is missing');
  rule('BR-04', has(`${root}/cbc:InvoiceTypeCode`), 'the invoice type code (BT-3) is missing');
  rule('BR-05', has(`${root}/cbc:DocumentCurrencyCode`), 'the currency code (BT-5) is missing');
  rule('BR-06', has(`${seller}/cac:PartyLegalEntity/cbc:RegistrationName`), "the seller's name (BT-27) is missing");
  rule('BR-07', has(`${buyer}/cac:PartyLegalEntity/cbc:RegistrationName`), "the buyer's name (BT-44) is missing");
  rule('BR-08', nodes(`${seller}/cac:PostalAddress`).length === 1, "the seller's postal address (BG-5) is missing");
  rule('BR-09', has(`${seller}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`), "the seller's country code (BT-40) is missing");
  rule('BR-10', nodes(`${buyer}/cac:PostalAddress`).length === 1, "the buyer's postal address (BG-8) is missing");
  rule('BR-11', has(`${buyer}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`), "the buyer's country code (BT-55) is missing");
  rule('BR-12', has(`${total}/cbc:LineExtensionAmount`), 'the sum of line net amounts (BT-106) is missing');
  rule('BR-13', has(`${total}/cbc:TaxExclusiveAmount`), 'the total without VAT (BT-109) is missing');
  rule('BR-14', has(`${total}/cbc:TaxInclusiveAmount`), 'the total with VAT (BT-112) is missing');
  rule('BR-15', has(`${total}/cbc:PayableAmount`), 'the amount due (BT-115) is missing');
  const lines = nodes(`${root}/cac:InvoiceLine`);
  rule('BR-16', lines.length > 0, 'the invoice has no line (BG-25)');

  // Every line (BR-21 … BR-26).
  lines.forEach((line, i) => {
    const n = i + 1;
    rule('BR-21', has('cbc:ID', line), `line ${n} has no identifier (BT-126)`);
    rule('BR-22', has('cbc:InvoicedQuantity', line), `line ${n} has no quantity (BT-129)`);
    rule('BR-23', nodes('cbc:InvoicedQuantity/@unitCode', line).length === 1, `line ${n} has no unit code (BT-130)`);
    rule('BR-24', has('cbc:LineExtensionAmount', line), `line ${n} has no net amount (BT-131)`);
    rule('BR-25', has('cac:Item/cbc:Name', line), `line ${n} has no item name (BT-153)`);
    rule('BR-26', has('cac:Price/cbc:PriceAmount', line), `line ${n} has no net price (BT-146)`);
    rule('BR-27', !text('cac:Price/cbc:PriceAmount', line).startsWith('-'), `line ${n}'s net price (BT-146) is negative`);
  });

  // Parties' identifiers.
  rule(
    'BR-CO-26',
    has(`${seller}/cac:PartyIdentification/cbc:ID`) ||
      has(`${seller}/cac:PartyLegalEntity/cbc:CompanyID`) ||
      has(`${seller}/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID='VAT']/cbc:CompanyID`),
    'the seller has neither an identifier (BT-29), a legal registration identifier (BT-30) nor a VAT identifier (BT-31)',
  );
  rule('PEPPOL-EN16931-R020', has(`${seller}/cbc:EndpointID`), "the seller's electronic address (BT-34) is missing");
  rule('PEPPOL-EN16931-R010', has(`${buyer}/cbc:EndpointID`), "the buyer's electronic address (BT-49) is missing");
  rule(
    'BR-CO-09',
    nodes(`${root}//cac:PartyTaxScheme[cac:TaxScheme/cbc:ID='VAT']/cbc:CompanyID`).every((n) =>
      /^[A-Z]{2}/.test((n as { textContent: string }).textContent.trim()),
    ),
    'a VAT identifier does not start with its country code',
  );

  // Sums (BR-CO-10 … BR-CO-16).
  const lineSum = sum(`${root}/cac:InvoiceLine/cbc:LineExtensionAmount`);
  const allowances = sum(`${root}/cac:AllowanceCharge[cbc:ChargeIndicator='false']/cbc:Amount`);
  const charges = sum(`${root}/cac:AllowanceCharge[cbc:ChargeIndicator='true']/cbc:Amount`);
  const show = (c: number) => (c / 100).toFixed(2);
  rule(
    'BR-CO-10',
    amountAt(`${total}/cbc:LineExtensionAmount`) === lineSum,
    `the sum of line net amounts (BT-106) is ${text(`${total}/cbc:LineExtensionAmount`)}, the lines make ${show(lineSum)}`,
  );
  rule(
    'BR-CO-11',
    amountAt(`${total}/cbc:AllowanceTotalAmount`) === allowances,
    `the sum of allowances (BT-107) is ${text(`${total}/cbc:AllowanceTotalAmount`) || 'missing'}, the allowances make ${show(allowances)}`,
  );
  rule(
    'BR-CO-12',
    amountAt(`${total}/cbc:ChargeTotalAmount`) === charges,
    `the sum of charges (BT-108) is ${text(`${total}/cbc:ChargeTotalAmount`) || 'missing'}, the charges make ${show(charges)}`,
  );
  const taxExclusive = amountAt(`${total}/cbc:TaxExclusiveAmount`);
  rule(
    'BR-CO-13',
    taxExclusive === lineSum - allowances + charges,
    `the total without VAT (BT-109) is ${show(taxExclusive)}, lines less allowances plus charges make ${show(lineSum - allowances + charges)}`,
  );
  const currency = text(`${root}/cbc:DocumentCurrencyCode`);
  const vatTotal = amountAt(`${root}/cac:TaxTotal/cbc:TaxAmount[@currencyID='${currency}']`);
  const subtotals = sum(`${root}/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxAmount`);
  rule('BR-CO-14', vatTotal === subtotals, `the VAT total (BT-110) is ${show(vatTotal)}, the VAT breakdown makes ${show(subtotals)}`);
  const taxInclusive = amountAt(`${total}/cbc:TaxInclusiveAmount`);
  rule(
    'BR-CO-15',
    taxInclusive === taxExclusive + vatTotal,
    `the total with VAT (BT-112) is ${show(taxInclusive)}, without VAT plus VAT makes ${show(taxExclusive + vatTotal)}`,
  );
  const payable = amountAt(`${total}/cbc:PayableAmount`);
  const expectedPayable = taxInclusive - amountAt(`${total}/cbc:PrepaidAmount`) + amountAt(`${total}/cbc:PayableRoundingAmount`);
  rule('BR-CO-16', payable === expectedPayable, `the amount due (BT-115) is ${show(payable)}, the totals make ${show(expectedPayable)}`);

  // Standard rated VAT (BR-S-*), for the category S lines and breakdowns.
  const sLines = lines.filter((l) => text("cac:Item/cac:ClassifiedTaxCategory[cac:TaxScheme/cbc:ID='VAT']/cbc:ID", l) === 'S');
  const sBreakdowns = nodes(`${root}/cac:TaxTotal/cac:TaxSubtotal[cac:TaxCategory/cbc:ID='S']`);
  if (sLines.length > 0 || sBreakdowns.length > 0) {
    rule('BR-S-01', sBreakdowns.length >= 1, 'standard rated lines but no standard rated VAT breakdown (BG-23)');
    rule(
      'BR-S-02',
      has(`${seller}/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID='VAT']/cbc:CompanyID`) ||
        has(`${root}/cac:TaxRepresentativeParty/cac:PartyTaxScheme/cbc:CompanyID`),
      "standard rated lines but no seller VAT identifier (BT-31) or tax representative's (BT-63)",
    );
    sLines.forEach((l) => {
      const rate = Number(text("cac:Item/cac:ClassifiedTaxCategory[cac:TaxScheme/cbc:ID='VAT']/cbc:Percent", l) || '0');
      rule('BR-S-05', rate > 0, `line ${text('cbc:ID', l)} is standard rated at ${rate}%: the rate must be greater than zero`);
    });
    for (const b of sBreakdowns) {
      const rate = text('cac:TaxCategory/cbc:Percent', b);
      const rateLines = sLines.filter(
        (l) => Number(text("cac:Item/cac:ClassifiedTaxCategory[cac:TaxScheme/cbc:ID='VAT']/cbc:Percent", l)) === Number(rate),
      );
      const rateAllowances = sum(
        `${root}/cac:AllowanceCharge[cbc:ChargeIndicator='false'][cac:TaxCategory/cbc:ID='S'][number(cac:TaxCategory/cbc:Percent)=${Number(rate)}]/cbc:Amount`,
      );
      const rateCharges = sum(
        `${root}/cac:AllowanceCharge[cbc:ChargeIndicator='true'][cac:TaxCategory/cbc:ID='S'][number(cac:TaxCategory/cbc:Percent)=${Number(rate)}]/cbc:Amount`,
      );
      const expectedTaxable = rateLines.reduce((a, l) => a + amountAt('cbc:LineExtensionAmount', l), 0) - rateAllowances + rateCharges;
      const taxable = amountAt('cbc:TaxableAmount', b);
      rule(
        'BR-S-08',
        taxable === expectedTaxable,
        `the taxable amount at ${rate}% (BT-116) is ${show(taxable)}, its lines, allowances and charges make ${show(expectedTaxable)}`,
      );
      const tax = amountAt('cbc:TaxAmount', b);
      const expectedTax = Math.round((taxable * Number(rate)) / 100);
      rule('BR-S-09', tax === expectedTax, `the VAT at ${rate}% (BT-117) is ${show(tax)}, the taxable amount makes ${show(expectedTax)}`);
      rule('BR-S-10', !has('cac:TaxCategory/cbc:TaxExemptionReason', b), 'a standard rated breakdown has an exemption reason (BT-120)');
    }
  }

  // Amounts have at most two decimals (BR-DEC-*).
  const twoDecimals = (expr: string, id: string, what: string) =>
    rule(id, !/\.\d{3,}$/.test(text(expr)), `${what} has more than two decimals: ${text(expr)}`);
  twoDecimals(`${total}/cbc:LineExtensionAmount`, 'BR-DEC-09', 'the sum of line net amounts (BT-106)');
  twoDecimals(`${total}/cbc:TaxExclusiveAmount`, 'BR-DEC-12', 'the total without VAT (BT-109)');
  twoDecimals(`${root}/cac:TaxTotal/cbc:TaxAmount`, 'BR-DEC-13', 'the VAT total (BT-110)');
  twoDecimals(`${total}/cbc:TaxInclusiveAmount`, 'BR-DEC-14', 'the total with VAT (BT-112)');
  twoDecimals(`${total}/cbc:PayableAmount`, 'BR-DEC-18', 'the amount due (BT-115)');
  return errors;
}
