import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import {
  documentDate,
  documentDateTime,
  documentDecimal,
  documentMoney,
  documentText,
  paymentReference,
  UNIT_SYMBOLS,
  HOLDING_BASIS,
  valueLabel,
  waybillStatusLabel,
  type CertificateClaim,
  type DocumentTextKey,
  type HoldingBasisType,
  type Locale,
  type Unit,
  type WaybillStatus,
} from '@timberlog/contract';
import { SERVER_ROOT, type SellerSettings } from '../infra/config.js';
import * as fontkit from 'fontkit';

/**
 * The printable documents: the waybill (the transport document that travels with the load) and the
 * invoice (with what the VAT Act § 37 asks), as A4 PDFs with selectable text, drawn with pdfkit
 * (docs/decisions/0011-pdf-documents.md). The font is DejaVu Sans, embedded as a subset, so every
 * Estonian letter (õ ä ö ü š ž) shows and copies.
 */

const FONTS_DIR = path.join(SERVER_ROOT, 'assets', 'fonts');
// Read once: each document embeds the subset of the glyphs it uses.
const FONT_REGULAR = fs.readFileSync(path.join(FONTS_DIR, 'DejaVuSans.ttf'));
const FONT_BOLD = fs.readFileSync(path.join(FONTS_DIR, 'DejaVuSans-Bold.ttf'));

/** Longer runs without a space get a place to break (a zero-width space) after every this many characters. */
const LONGEST_UNBROKEN = 40;

/**
 * Text as it is drawn: composed (NFC), without invisible format characters (joiners, zero-width
 * spaces, soft hyphens), with at most two combining marks on a letter, and a run without a space
 * broken every 40 characters. pdfkit measures a word again for each character it tries on a line
 * that the word does not fit: a note of 500 letters and 1,500 joiners was one "word" measured
 * thousands of times (7 s of the server's one thread), 2,000 letters without a space 0.2 s.
 */
export const printable = (text: string): string =>
  withGlyphs(
    text
      .normalize('NFC')
      .replace(/\p{Cf}/gu, '')
      .replace(/(\p{M}{2})\p{M}+/gu, '$1'),
  ).replace(new RegExp(`\\S{${LONGEST_UNBROKEN}}(?=\\S)`, 'gu'), '$&\u200b');

// What the embedded fonts can draw (both have the same characters): pdfkit draws a character
// without a glyph as an empty box, so such characters (an emoji, its skin tone) are left out.
const FONT_FACE = fontkit.create(FONT_REGULAR);
const drawable = new Map<number, boolean>();
const canDraw = (codePoint: number): boolean => {
  if (codePoint < 0x80) return true;
  let known = drawable.get(codePoint);
  if (known === undefined) {
    known = FONT_FACE.hasGlyphForCodePoint(codePoint);
    drawable.set(codePoint, known);
  }
  return known;
};
const withGlyphs = (text: string): string => {
  let out = '';
  for (const char of text) if (canDraw(char.codePointAt(0)!)) out += char;
  return out;
};

/** Every text in a document's data, printable. */
function printableAll<T>(value: T): T {
  if (typeof value === 'string') return printable(value) as T;
  if (Array.isArray(value)) return value.map(printableAll) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, printableAll(v)])) as T;
  }
  return value;
}

export interface WaybillDocument {
  number: string;
  status: WaybillStatus;
  transportDate: string;
  origin: string;
  originName: string;
  destination: string;
  destinationName: string;
  destinationCompany: string;
  destinationCompanyName: string;
  driverName: string;
  vehicleNumber: string;
  mileage: number;
  assortment: string;
  assortmentName: string;
  quantity: string;
  unit: Unit;
  invoice: string | null;
  notes: string;
  ownerCompany: string | null;
  ownerCompanyName: string | null;
  ownerPersonName: string | null;
  ownerPersonCode: string | null;
  transporterCompany: string | null;
  transporterCompanyName: string | null;
  driverIdCode: string | null;
  driverPhone: string | null;
  trailerNumber: string | null;
  departureTime: string | null;
  grossMass: string | null;
  holdingBasisType: HoldingBasisType | null;
  cadastralNumber: string | null;
  compartment: string | null;
  forestAllocationNumber: string | null;
  forestNotificationNumber: string | null;
  contractNumber: string | null;
  contractDate: string | null;
  previousOwnerName: string | null;
  previousOwnerCode: string | null;
  previousOwnerAddress: string | null;
  certificateClaims: CertificateClaim[];
  eudrReferenceNumber: string | null;
  eudrVerificationNumber: string | null;
  evrNumber: string | null;
}

export interface DocumentParty {
  name: string;
  registryCode: string;
  vatNumber: string;
  address: string;
}

export interface InvoiceDocument {
  number: string;
  issueDate: string;
  dueDate: string;
  /** The date of supply: the covered waybills' last transport date. */
  supplyDate: string;
  currency: string;
  lines: { assortment: string; assortmentName: string; quantity: string; unit: string; unitPrice: string; amount: string }[];
  netTotal: string;
  vatRate: string;
  vatTotal: string;
  grossTotal: string;
  waybills: string[];
  customer: DocumentParty;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const INK = '#1a1a1a';
const MUTED = '#5c5c5c';
const RULE = '#b8b8b8';
const SHADE = '#f0f0ec';
const MARK = '#c8c8c8';

type Doc = PDFKit.PDFDocument;

function newDocument(locale: Locale, title: string, subject: string): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    lang: locale === 'et' ? 'et-EE' : 'en-GB',
    displayTitle: true,
    info: { Title: title, Subject: subject, Creator: 'Timberlog', Producer: 'Timberlog' },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  doc.font('regular').fontSize(10).fillColor(INK);
  return doc;
}

/**
 * The whole document as one buffer. Every page carries the document's number and "page N of M" at
 * its foot, and `mark` (a draft's DRAFT) across it.
 */
function finish(doc: Doc, locale: Locale, number: string, mark?: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // Page numbers at the foot of every page, once the number of pages is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${number} · ${documentText(locale, 'page', { page: i + 1, pages: range.count })}`, PAGE.margin, PAGE.height - 35, {
        width: CONTENT_WIDTH,
        align: 'center',
        lineBreak: false,
      });
    if (mark) {
      // Across the page, light enough to read the document through.
      doc.save();
      doc.rotate(-40, { origin: [PAGE.width / 2, PAGE.height / 2] });
      doc
        .font('bold')
        .fontSize(110)
        .fillColor(MARK)
        .opacity(0.35)
        .text(mark, 0, PAGE.height / 2 - 60, { width: PAGE.width, align: 'center', lineBreak: false });
      doc.restore();
    }
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** The title row: the document's name and number, a line under them. */
function header(doc: Doc, title: string, subtitle: string, number: string, numberLabel: string): void {
  const top = PAGE.margin;
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(INK)
    .text(title, PAGE.margin, top, { width: CONTENT_WIDTH / 2 });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(subtitle, PAGE.margin, top + 28, { width: CONTENT_WIDTH / 2 });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(numberLabel, PAGE.margin + CONTENT_WIDTH / 2, top + 2, { width: CONTENT_WIDTH / 2, align: 'right' });
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(INK)
    .text(number, PAGE.margin + CONTENT_WIDTH / 2, top + 14, { width: CONTENT_WIDTH / 2, align: 'right' });
  const y = top + 50;
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(1.2)
    .strokeColor(INK)
    .stroke();
  doc.y = y + 14;
}

/** A labelled box of lines (a party, a place): label small and muted, the first line bold. */
function block(doc: Doc, x: number, y: number, width: number, label: string, lines: string[]): number {
  doc.font('regular').fontSize(8).fillColor(MUTED).text(label.toUpperCase(), x, y, { width, characterSpacing: 0.4 });
  let cy = doc.y + 3;
  lines.forEach((line, i) => {
    doc
      .font(i === 0 ? 'bold' : 'regular')
      .fontSize(i === 0 ? 11 : 9.5)
      .fillColor(INK)
      .text(line, x, cy, { width });
    cy = doc.y + 1;
  });
  return cy;
}

/**
 * Rows of label and value in two columns of a table; a long value wraps within its cell. `pad` is
 * the space in a row around its text: the waybill's many rows take less, so it stays one page.
 */
function fieldTable(doc: Doc, rows: [string, string][], labelWidth = 150, pad = 10): void {
  const x = PAGE.margin;
  const valueWidth = CONTENT_WIDTH - labelWidth - 16;
  for (const [i, [label, value]] of rows.entries()) {
    doc.font('bold').fontSize(10);
    const h = Math.max(doc.heightOfString(value || '–', { width: valueWidth }), 12) + pad;
    if (doc.y + h > PAGE.height - PAGE.margin - 20) doc.addPage();
    const y = doc.y;
    if (i % 2 === 0) doc.rect(x, y, CONTENT_WIDTH, h).fill(SHADE);
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, x + 8, y + pad / 2 + 1, { width: labelWidth - 8 });
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(INK)
      .text(value || '–', x + labelWidth + 8, y + pad / 2, { width: valueWidth });
    doc.y = y + h;
  }
  doc
    .moveTo(x, doc.y)
    .lineTo(x + CONTENT_WIDTH, doc.y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

/** A VAT rate without needless zeros: `24.00` → `24`, `22.50` → `22.5`. */
const rateText = (rate: string) => (rate.includes('.') ? rate.replace(/\.?0+$/, '') : rate);
/** An IBAN in groups of four, as it is printed: `EE38 2200 2210 2014 5685`. */
const ibanText = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

const label = (locale: Locale, key: DocumentTextKey, params?: Record<string, string | number>) => documentText(locale, key, params);

/** The waybill: every field, as the transport document that travels with the load, with room to sign. */
export function waybillPdf(data: WaybillDocument, locale: Locale): Promise<Buffer> {
  const w = printableAll(data);
  const t = (key: DocumentTextKey, params?: Record<string, string | number>) => label(locale, key, params);
  // A draft says so under the title too, where a screen reader and a text search find it.
  const subtitle = w.status === 'draft' ? `${t('waybillSubtitle')} · ${t('draftMark')}` : t('waybillSubtitle');
  const doc = newDocument(locale, `${t('waybillTitle')} ${w.number}`, subtitle);
  header(doc, t('waybillTitle'), subtitle, w.number, t('number'));

  // The route: where from, where to, who receives.
  const top = doc.y;
  const third = (CONTENT_WIDTH - 24) / 3;
  const ends = [
    block(doc, PAGE.margin, top, third, t('origin'), [w.originName, `${t('code')} ${w.origin}`]),
    block(doc, PAGE.margin + third + 12, top, third, t('destination'), [w.destinationName, `${t('code')} ${w.destination}`]),
    block(doc, PAGE.margin + 2 * (third + 12), top, third, t('receiver'), [
      w.destinationCompanyName,
      `${t('registryCode')} ${w.destinationCompany}`,
    ]),
  ];
  doc.y = Math.max(...ends) + 16;

  // The parties EVR names beside the receiver: whose timber it is and who carries it.
  const partiesTop = doc.y;
  const owner = w.ownerCompany
    ? [w.ownerCompanyName ?? w.ownerCompany, `${t('registryCode')} ${w.ownerCompany}`]
    : w.ownerPersonName
      ? [w.ownerPersonName, `${t('personalCode')} ${w.ownerPersonCode ?? '–'}`]
      : ['–'];
  const transporter = w.transporterCompany
    ? [w.transporterCompanyName ?? w.transporterCompany, `${t('registryCode')} ${w.transporterCompany}`]
    : ['–'];
  const parties = [
    block(doc, PAGE.margin, partiesTop, third, t('owner'), owner),
    block(doc, PAGE.margin + third + 12, partiesTop, third, t('transporter'), transporter),
    block(doc, PAGE.margin + 2 * (third + 12), partiesTop, third, t('evrNumber'), [w.evrNumber ?? t('notInEvr')]),
  ];
  doc.y = Math.max(...parties) + 16;

  const rows: [string, string][] = [
    [t('transportDate'), documentDate(locale, w.transportDate)],
    [t('departureTime'), w.departureTime ? documentDateTime(locale, w.departureTime) : ''],
    // What the load's transport is: invoicing is the office's own bookkeeping, not the document's.
    [t('status'), waybillStatusLabel(locale, w.status === 'invoiced' ? 'delivered' : w.status)],
    [t('driver'), w.driverName],
    [t('driverIdCode'), w.driverIdCode ?? ''],
    [t('driverPhone'), w.driverPhone ?? ''],
    [t('vehicle'), w.vehicleNumber],
    [t('trailer'), w.trailerNumber ?? ''],
    [t('grossMass'), w.grossMass ? t('tonnes', { value: documentDecimal(locale, w.grossMass) }) : ''],
    [t('assortment'), `${w.assortmentName} (${w.assortment})`],
    [t('quantity'), `${documentDecimal(locale, w.quantity)} ${UNIT_SYMBOLS[w.unit]}`],
    [t('mileage'), t('km', { value: documentDecimal(locale, String(w.mileage)) })],
    [t('notes'), w.notes],
  ];
  fieldTable(doc, rows, 150, 6);

  // Where the timber comes from and on what right, its certificates and its EUDR statement: the
  // holding basis shows the fields of its type only.
  doc.moveDown(0.5);
  const basis: [string, string][] = [
    [t('holdingBasis'), w.holdingBasisType ? valueLabel(locale, 'value.holdingBasis', w.holdingBasisType) : ''],
  ];
  const shown: readonly string[] = w.holdingBasisType ? HOLDING_BASIS[w.holdingBasisType].fields : ['cadastralNumber'];
  const basisValues: Record<string, [DocumentTextKey, string]> = {
    cadastralNumber: ['cadastralNumber', w.cadastralNumber ?? ''],
    compartment: ['compartment', w.compartment ?? ''],
    forestAllocationNumber: ['forestAllocationNumber', w.forestAllocationNumber ?? ''],
    forestNotificationNumber: ['forestNotificationNumber', w.forestNotificationNumber ?? ''],
    contractNumber: ['contractNumber', w.contractNumber ?? ''],
    contractDate: ['contractDate', w.contractDate ? documentDate(locale, w.contractDate) : ''],
    previousOwnerName: [
      'previousOwner',
      [w.previousOwnerName, w.previousOwnerCode, w.previousOwnerAddress].filter((part) => part).join(', '),
    ],
  };
  for (const field of shown) if (basisValues[field]) basis.push([t(basisValues[field][0]), basisValues[field][1]]);
  basis.push([
    t('certificateClaims'),
    w.certificateClaims
      .map((claim) => `${valueLabel(locale, 'value.certificateClaim', claim.code)}${claim.number ? ` (${claim.number})` : ''}`)
      .join(', '),
  ]);
  const eudr = w.eudrReferenceNumber
    ? t('eudrNumbers', { reference: w.eudrReferenceNumber, verification: w.eudrVerificationNumber ?? '–' })
    : '';
  basis.push([t('eudr'), eudr]);
  fieldTable(doc, basis, 150, 6);

  // Signatures: the driver's at loading, the receiver's at delivery.
  let y = Math.max(doc.y + 60, 0);
  if (y + 40 > PAGE.height - PAGE.margin - 20) {
    doc.addPage();
    y = PAGE.margin + 60;
  }
  const half = (CONTENT_WIDTH - 40) / 2;
  for (const [i, text] of [t('driverSignature'), t('receiverSignature')].entries()) {
    const x = PAGE.margin + i * (half + 40);
    doc
      .moveTo(x, y)
      .lineTo(x + half, y)
      .lineWidth(0.7)
      .strokeColor(INK)
      .stroke();
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(text, x, y + 4, { width: half });
  }
  return finish(doc, locale, w.number, w.status === 'draft' ? t('draftMark') : undefined);
}

/** The invoice: seller and customer, dates, lines per assortment, totals with VAT, payment and the waybills covered. */
export function invoicePdf(invoiceData: InvoiceDocument, sellerData: SellerSettings, locale: Locale): Promise<Buffer> {
  const inv = printableAll(invoiceData);
  const seller = printableAll(sellerData);
  const t = (key: DocumentTextKey, params?: Record<string, string | number>) => label(locale, key, params);
  const money = (v: string) => documentMoney(locale, v);
  const doc = newDocument(locale, `${t('invoiceTitle')} ${inv.number}`, `${seller.name} – ${inv.customer.name}`);
  header(doc, t('invoiceTitle'), seller.name, inv.number, t('number'));

  const party = (p: DocumentParty) =>
    [p.name, p.address, `${t('registryCode')} ${p.registryCode}`, p.vatNumber ? `${t('vatNumber')} ${p.vatNumber}` : ''].filter(Boolean);
  const top = doc.y;
  const colWidth = (CONTENT_WIDTH - 30) / 2;
  const sellerEnd = block(doc, PAGE.margin, top, colWidth, t('seller'), [
    ...party({ name: seller.name, address: seller.address, registryCode: seller.registryCode, vatNumber: seller.vatNumber }),
    ...(seller.email ? [seller.email] : []),
  ]);
  const buyerEnd = block(doc, PAGE.margin + colWidth + 30, top, colWidth, t('buyer'), party(inv.customer));
  doc.y = Math.max(sellerEnd, buyerEnd) + 14;

  // The number and its payment reference, the dates: boxes three to a row.
  const metaTop = doc.y;
  const metaWidth = (CONTENT_WIDTH - 20) / 3;
  const meta: [string, string][] = [
    [t('number'), inv.number],
    [t('issueDate'), documentDate(locale, inv.issueDate)],
    [t('dueDate'), documentDate(locale, inv.dueDate)],
    [t('paymentReference'), paymentReference(inv.number)],
    [t('supplyDate'), documentDate(locale, inv.supplyDate)],
  ];
  meta.forEach(([l, v], n) => {
    const i = n % 3;
    const rowTop = metaTop + Math.floor(n / 3) * 44;
    const x = PAGE.margin + i * (metaWidth + 10);
    doc.rect(x, rowTop, metaWidth, 36).fill(SHADE);
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(l, x + 8, rowTop + 6, { width: metaWidth - 16 });
    doc
      .font('bold')
      .fontSize(11)
      .fillColor(INK)
      .text(v, x + 8, rowTop + 17, { width: metaWidth - 16 });
  });
  doc.y = metaTop + Math.ceil(meta.length / 3) * 44 - 8 + 18;

  // The lines: assortment, quantity, unit, unit price, amount.
  const cols = [
    { key: 'assortment' as const, width: 205, align: 'left' as const },
    { key: 'quantity' as const, width: 80, align: 'right' as const },
    { key: 'unit' as const, width: 40, align: 'left' as const },
    { key: 'unitPrice' as const, width: 80, align: 'right' as const },
    { key: 'amount' as const, width: CONTENT_WIDTH - 205 - 80 - 40 - 80, align: 'right' as const },
  ];
  const row = (cells: string[], bold: boolean, y: number) => {
    let x = PAGE.margin;
    let h = 0;
    cells.forEach((cell, i) => {
      const col = cols[i]!;
      doc
        .font(bold ? 'bold' : 'regular')
        .fontSize(9.5)
        .fillColor(bold ? MUTED : INK);
      const opts = { width: col.width - 12, align: col.align };
      doc.text(cell, x + 6, y, opts);
      h = Math.max(h, doc.heightOfString(cell, opts));
      x += col.width;
    });
    return y + h;
  };
  let y = doc.y;
  const headEnd = row(
    cols.map((c) => t(c.key)),
    true,
    y,
  );
  doc
    .moveTo(PAGE.margin, headEnd + 4)
    .lineTo(PAGE.margin + CONTENT_WIDTH, headEnd + 4)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  y = headEnd + 9;
  for (const line of inv.lines) {
    if (y > PAGE.height - PAGE.margin - 60) {
      doc.addPage();
      y = PAGE.margin;
    }
    const unit = UNIT_SYMBOLS[line.unit as Unit] ?? line.unit;
    const end = row(
      [
        `${line.assortmentName} (${line.assortment})`,
        documentDecimal(locale, line.quantity),
        unit,
        money(line.unitPrice),
        money(line.amount),
      ],
      false,
      y,
    );
    doc
      .moveTo(PAGE.margin, end + 4)
      .lineTo(PAGE.margin + CONTENT_WIDTH, end + 4)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    y = end + 9;
  }

  // Totals, right-aligned under the amounts.
  if (y > PAGE.height - PAGE.margin - 140) {
    doc.addPage();
    y = PAGE.margin;
  }
  y += 6;
  const totalsX = PAGE.margin + CONTENT_WIDTH - 250;
  const totals: [string, string, boolean][] = [
    [t('netTotal'), money(inv.netTotal), false],
    [t('vatTotal', { rate: documentDecimal(locale, rateText(inv.vatRate)) }), money(inv.vatTotal), false],
    [t('grossTotal'), money(inv.grossTotal), true],
  ];
  for (const [l, v, strong] of totals) {
    if (strong) {
      doc.rect(totalsX, y - 4, 250, 24).fill(SHADE);
      y += 2;
    }
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 11.5 : 10)
      .fillColor(INK)
      .text(l, totalsX + 8, y, { width: 140 });
    doc.text(v, totalsX + 140, y, { width: 102, align: 'right' });
    y += strong ? 26 : 18;
  }

  // Payment and the waybills the invoice covers.
  doc.y = y + 14;
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(INK)
    .text(
      t('paymentNote', { due: documentDate(locale, inv.dueDate), iban: ibanText(seller.iban), reference: paymentReference(inv.number) }),
      PAGE.margin,
      doc.y,
      {
        width: CONTENT_WIDTH,
      },
    );
  doc.moveDown(0.4);
  doc
    .fillColor(MUTED)
    .fontSize(9)
    .text(`${t('bankAccount')}: ${ibanText(seller.iban)}${seller.bankName ? ` (${seller.bankName})` : ''}`, { width: CONTENT_WIDTH });
  doc.moveDown(1.2);
  doc.font('regular').fontSize(8).fillColor(MUTED).text(t('waybills').toUpperCase(), { width: CONTENT_WIDTH, characterSpacing: 0.4 });
  doc.moveDown(0.2);
  doc.font('regular').fontSize(9).fillColor(INK).text(inv.waybills.join(', '), { width: CONTENT_WIDTH });
  return finish(doc, locale, inv.number);
}
