import { paymentReference } from '@timberlog/contract';
import type { SellerSettings } from '../infra/config.js';
import type { InvoiceDocument } from '../documents/pdf.js';

/**
 * An invoice as an EN 16931 e-invoice: a UBL 2.1 `Invoice` following Peppol BIS Billing 3.0, the
 * default format of Estonian e-invoices since 1 July 2025. Parties are identified by their Estonian
 * registry code (ICD 0191) as legal and electronic address, and by their VAT numbers; every line is
 * standard rated (category S) at the invoice's VAT rate. Amounts are the invoice's own decimal
 * strings, written as they are, so `PayableAmount` is exactly the invoice's gross total.
 */

export const UBL_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const UBL_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** ISO 6523 ICD of the Estonian Business Register's registry codes. */
export const ESTONIAN_REGISTRY_SCHEME = '0191';
/** UN/ECE Recommendation 20 unit codes of our units. */
export const UBL_UNIT_CODES: Readonly<Record<string, string>> = { m3: 'MTQ', t: 'TNE' };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** `Metsa tn 1, 10111 Tallinn` → street `Metsa tn 1`, postal zone `10111`, city `Tallinn`; one part: the street. */
export function splitAddress(address: string): { street: string; city: string; postalZone: string } {
  const at = address.lastIndexOf(',');
  if (at < 0) return { street: address.trim(), city: '', postalZone: '' };
  const street = address.slice(0, at).trim();
  const rest = address.slice(at + 1).trim();
  const m = /^(\d{4,6})\s+(.+)$/.exec(rest);
  return m ? { street, postalZone: m[1]!, city: m[2]! } : { street, city: rest, postalZone: '' };
}

/** A party's country: its VAT number's prefix when it has one (EE…), else the given default. */
const countryOf = (vatNumber: string, fallback: string) => (/^[A-Z]{2}/.test(vatNumber) ? vatNumber.slice(0, 2) : fallback);

interface UblParty {
  name: string;
  registryCode: string;
  vatNumber: string;
  address: string;
  country: string;
  email?: string;
}

function party(p: UblParty): string {
  const a = splitAddress(p.address);
  const tag = (name: string, value: string) => (value ? `<cbc:${name}>${escape(value)}</cbc:${name}>` : '');
  return `<cac:Party>
      <cbc:EndpointID schemeID="${ESTONIAN_REGISTRY_SCHEME}">${escape(p.registryCode)}</cbc:EndpointID>
      <cac:PartyName><cbc:Name>${escape(p.name)}</cbc:Name></cac:PartyName>
      <cac:PostalAddress>
        ${tag('StreetName', a.street)}${tag('CityName', a.city)}${tag('PostalZone', a.postalZone)}
        <cac:Country><cbc:IdentificationCode>${p.country}</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>${
        p.vatNumber
          ? `
      <cac:PartyTaxScheme>
        <cbc:CompanyID>${escape(p.vatNumber)}</cbc:CompanyID>
        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
      </cac:PartyTaxScheme>`
          : ''
      }
      <cac:PartyLegalEntity>
        <cbc:RegistrationName>${escape(p.name)}</cbc:RegistrationName>
        <cbc:CompanyID schemeID="${ESTONIAN_REGISTRY_SCHEME}">${escape(p.registryCode)}</cbc:CompanyID>
      </cac:PartyLegalEntity>${
        p.email
          ? `
      <cac:Contact><cbc:ElectronicMail>${escape(p.email)}</cbc:ElectronicMail></cac:Contact>`
          : ''
      }
    </cac:Party>`;
}

/** The invoice as Peppol BIS Billing 3.0 UBL XML (UTF-8). */
export function invoiceUbl(inv: InvoiceDocument, seller: SellerSettings): string {
  const cur = escape(inv.currency);
  const amount = (name: string, value: string) => `<cbc:${name} currencyID="${cur}">${value}</cbc:${name}>`;
  const category = `<cbc:ID>S</cbc:ID>
        <cbc:Percent>${inv.vatRate}</cbc:Percent>
        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>`;
  const lines = inv.lines
    .map(
      (l, i) => `
  <cac:InvoiceLine>
    <cbc:ID>${i + 1}</cbc:ID>
    <cbc:InvoicedQuantity unitCode="${UBL_UNIT_CODES[l.unit] ?? 'C62'}">${l.quantity}</cbc:InvoicedQuantity>
    ${amount('LineExtensionAmount', l.amount)}
    <cac:Item>
      <cbc:Name>${escape(l.assortmentName)}</cbc:Name>
      <cac:SellersItemIdentification><cbc:ID>${escape(l.assortment)}</cbc:ID></cac:SellersItemIdentification>
      <cac:ClassifiedTaxCategory>
        ${category.replace(/\n {8}/g, '\n        ')}
      </cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price>${amount('PriceAmount', l.unitPrice)}</cac:Price>
  </cac:InvoiceLine>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>${UBL_CUSTOMIZATION_ID}</cbc:CustomizationID>
  <cbc:ProfileID>${UBL_PROFILE_ID}</cbc:ProfileID>
  <cbc:ID>${escape(inv.number)}</cbc:ID>
  <cbc:IssueDate>${inv.issueDate}</cbc:IssueDate>
  <cbc:DueDate>${inv.dueDate}</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:Note>${escape(`Waybills: ${inv.waybills.join(', ')}`)}</cbc:Note>
  <cbc:DocumentCurrencyCode>${cur}</cbc:DocumentCurrencyCode>
  <cbc:BuyerReference>${escape(inv.number)}</cbc:BuyerReference>
  <cac:AccountingSupplierParty>
    ${party({ ...seller, country: seller.country })}
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>
    ${party({ ...inv.customer, country: countryOf(inv.customer.vatNumber, 'EE') })}
  </cac:AccountingCustomerParty>
  <cac:Delivery>
    <cbc:ActualDeliveryDate>${inv.supplyDate}</cbc:ActualDeliveryDate>
  </cac:Delivery>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode name="SEPA credit transfer">58</cbc:PaymentMeansCode>
    <cbc:PaymentID>${paymentReference(inv.number)}</cbc:PaymentID>
    <cac:PayeeFinancialAccount>
      <cbc:ID>${escape(seller.iban)}</cbc:ID>
      <cbc:Name>${escape(seller.name)}</cbc:Name>
    </cac:PayeeFinancialAccount>
  </cac:PaymentMeans>
  <cac:TaxTotal>
    ${amount('TaxAmount', inv.vatTotal)}
    <cac:TaxSubtotal>
      ${amount('TaxableAmount', inv.netTotal)}
      ${amount('TaxAmount', inv.vatTotal)}
      <cac:TaxCategory>
        ${category}
      </cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    ${amount('LineExtensionAmount', inv.netTotal)}
    ${amount('TaxExclusiveAmount', inv.netTotal)}
    ${amount('TaxInclusiveAmount', inv.grossTotal)}
    ${amount('PayableAmount', inv.grossTotal)}
  </cac:LegalMonetaryTotal>${lines}
</Invoice>
`;
}
