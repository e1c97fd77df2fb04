/**
 * The words of the documents that leave the office: the printable waybill and invoice (PDF) and the
 * mail that sends an invoice to its customer, in en and et. `{name}` marks a placeholder. Dates and
 * amounts are written for the locale by `documentDate` and `documentMoney`.
 */
import type { Locale } from './limits.ts';

const en = {
  waybillTitle: 'Waybill',
  waybillSubtitle: 'Timber transport document',
  invoiceTitle: 'Invoice',
  number: 'Number',
  status: 'Status',
  transportDate: 'Transport date',
  origin: 'Origin',
  destination: 'Destination',
  receiver: 'Receiving company',
  registryCode: 'Registry code',
  vatNumber: 'VAT number',
  address: 'Address',
  driver: 'Driver',
  vehicle: 'Vehicle',
  assortment: 'Assortment',
  quantity: 'Quantity',
  mileage: 'Mileage',
  notes: 'Notes',
  invoice: 'Invoice',
  code: 'code',
  km: '{value} km',
  driverSignature: "Driver's signature",
  receiverSignature: 'Received by (name, signature)',
  seller: 'Seller',
  buyer: 'Customer',
  issueDate: 'Issue date',
  dueDate: 'Due date',
  supplyDate: 'Date of supply',
  paymentReference: 'Reference number',
  unit: 'Unit',
  unitPrice: 'Unit price',
  amount: 'Amount',
  netTotal: 'Total without VAT',
  vatTotal: 'VAT {rate}%',
  grossTotal: 'Total due',
  bankAccount: 'Bank account',
  paymentNote: 'Please pay by {due} to {iban}, quoting the reference number {reference}.',
  waybills: 'Waybills covered',
  owner: 'Owner',
  transporter: 'Transporter',
  personalCode: 'Personal ID code',
  driverIdCode: "Driver's personal ID code",
  driverPhone: "Driver's phone",
  trailer: 'Trailer',
  departureTime: 'Departure',
  grossMass: 'Gross mass',
  tonnes: '{value} t',
  holdingBasis: 'Holding basis',
  cadastralNumber: 'Cadastral number',
  compartment: 'Compartment',
  forestAllocationNumber: 'Forest allocation number',
  forestNotificationNumber: 'Forest notification number',
  contractNumber: 'Contract or act number',
  contractDate: 'Contract or act date',
  previousOwner: 'Previous owner',
  certificateClaims: 'Certificate claims',
  eudr: 'EUDR statement',
  eudrNumbers: 'reference {reference}, verification {verification}',
  evrNumber: 'EVR number',
  notInEvr: 'Not in EVR',
  page: 'Page {page} of {pages}',
  draftMark: 'DRAFT',
  mailInvoiceSubject: 'Invoice {number} from {seller}',
  mailInvoiceBody:
    'Hello,\n\nAttached is invoice {number} of {date} for {amount}, due on {due}.\n\nThe PDF file is the invoice to read and print; the XML file is the same invoice as an e-invoice (EN 16931, Peppol BIS Billing 3.0) for your accounting software.\n\nKind regards,\n{seller}',
} as const;

export type DocumentTextKey = keyof typeof en;

const et: Record<DocumentTextKey, string> = {
  waybillTitle: 'Veoseleht',
  waybillSubtitle: 'Metsamaterjali veoseleht',
  invoiceTitle: 'Arve',
  number: 'Number',
  status: 'Olek',
  transportDate: 'Veo kuupäev',
  origin: 'Lähtekoht',
  destination: 'Sihtkoht',
  receiver: 'Vastuvõttev ettevõte',
  registryCode: 'Registrikood',
  vatNumber: 'KMKR number',
  address: 'Aadress',
  driver: 'Autojuht',
  vehicle: 'Sõiduk',
  assortment: 'Sortiment',
  quantity: 'Kogus',
  mileage: 'Läbisõit',
  notes: 'Märkused',
  invoice: 'Arve',
  code: 'kood',
  km: '{value} km',
  driverSignature: 'Autojuhi allkiri',
  receiverSignature: 'Vastu võtnud (nimi, allkiri)',
  seller: 'Müüja',
  buyer: 'Ostja',
  issueDate: 'Arve kuupäev',
  dueDate: 'Maksetähtaeg',
  supplyDate: 'Tarne kuupäev',
  paymentReference: 'Viitenumber',
  unit: 'Ühik',
  unitPrice: 'Ühiku hind',
  amount: 'Summa',
  netTotal: 'Summa käibemaksuta',
  vatTotal: 'Käibemaks {rate}%',
  grossTotal: 'Tasuda kokku',
  bankAccount: 'Pangakonto',
  paymentNote: 'Palume tasuda hiljemalt {due} kontole {iban}, märkides viitenumbri {reference}.',
  waybills: 'Arvega hõlmatud veoselehed',
  owner: 'Omanik',
  transporter: 'Vedaja',
  personalCode: 'Isikukood',
  driverIdCode: 'Autojuhi isikukood',
  driverPhone: 'Autojuhi telefon',
  trailer: 'Haagis',
  departureTime: 'Väljumise aeg',
  grossMass: 'Täismass',
  tonnes: '{value} t',
  holdingBasis: 'Valdamise alus',
  cadastralNumber: 'Katastritunnus',
  compartment: 'Kvartal ja eraldis',
  forestAllocationNumber: 'Metsaeraldise number',
  forestNotificationNumber: 'Metsateatise number',
  contractNumber: 'Lepingu või akti number',
  contractDate: 'Lepingu või akti kuupäev',
  previousOwner: 'Eelmine omanik',
  certificateClaims: 'Sertifikaadiväited',
  eudr: 'EUDR hoolsusavaldus',
  eudrNumbers: 'viitenumber {reference}, kontrollnumber {verification}',
  evrNumber: 'EVR-i number',
  notInEvr: 'EVR-is ei ole',
  page: 'Lehekülg {page}/{pages}',
  draftMark: 'MUSTAND',
  mailInvoiceSubject: 'Arve {number} – {seller}',
  mailInvoiceBody:
    'Tere!\n\nManuses on arve {number} kuupäevaga {date} summas {amount}, maksetähtaeg {due}.\n\nPDF-fail on arve lugemiseks ja printimiseks; XML-fail on sama arve e-arvena (EN 16931, Peppol BIS Billing 3.0) raamatupidamistarkvara jaoks.\n\nLugupidamisega\n{seller}',
};

export const DOCUMENT_TEXTS: Readonly<Record<Locale, Readonly<Record<DocumentTextKey, string>>>> = { en, et };

/** A document's word in `locale`, its `{name}` placeholders filled. */
export function documentText(locale: Locale, key: DocumentTextKey, params: Readonly<Record<string, string | number>> = {}): string {
  return DOCUMENT_TEXTS[locale][key].replace(/\{(\w+)\}/g, (_, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : `{${name}}`,
  );
}

/** A date (`YYYY-MM-DD`) as documents write it: `24/11/2026` in en, `24.11.2026` in et (day first in both). */
export function documentDate(locale: Locale, iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return locale === 'et' ? `${d}.${m}.${y}` : `${d}/${m}/${y}`;
}

/** A moment as documents write it, in Estonian time: `24/11/2026 07:30` in en, `24.11.2026 07:30` in et. */
export function documentDateTime(locale: Locale, iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Tallinn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${documentDate(locale, `${parts.year}-${parts.month}-${parts.day}`)} ${parts.hour}:${parts.minute}`;
}

/**
 * A decimal string in the locale's digits, its decimals kept as given: `1234.50` is `1,234.50` in
 * en and `1 234,50` in et (a no-break space groups the thousands).
 */
export function documentDecimal(locale: Locale, value: string): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = (negative ? value.slice(1) : value).split('.');
  const group = locale === 'et' ? '\u00a0' : ',';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const text = fraction === undefined ? grouped : `${grouped}${locale === 'et' ? ',' : '.'}${fraction}`;
  return negative ? `-${text}` : text;
}

/** An amount in euros as documents write it: `€1,234.50` in en, `1 234,50 €` in et. */
export function documentMoney(locale: Locale, value: string): string {
  return locale === 'et' ? `${documentDecimal(locale, value)}\u00a0€` : `€${documentDecimal(locale, value)}`;
}

/**
 * An invoice's Estonian payment reference number (viitenumber): the digits of its number with a
 * check digit by the 7-3-1 method (Estonian Banking Association): the digits weighted 7, 3, 1, 7,
 * 3, 1, … from the right, the check digit what takes their sum up to the next multiple of ten. A
 * bank refuses a reference whose check digit is wrong. `A-2026-000042` gives `20260000424`.
 */
export function paymentReference(invoiceNumber: string): string {
  // At most 19 digits and a check digit (a reference is 2 to 20 digits); no leading zero.
  const base = (invoiceNumber.replace(/\D/g, '').replace(/^0+/, '') || '1').slice(-19);
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < base.length; i++) sum += Number(base[base.length - 1 - i]) * weights[i % 3]!;
  return `${base}${(10 - (sum % 10)) % 10}`;
}
