import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { deliveredWaybill, startServer, waitFor, waybillInput, type TestServer } from './helpers.js';
import { businessRuleErrors, xsdErrors } from './en16931.js';
import { printable } from '../src/documents/pdf.js';
import { LIMITS, paymentReference } from '@timberlog/contract';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The text of a PDF as poppler's pdftotext reads it (the text is selectable, so it reads back). */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

async function fetchFile(s: TestServer, p: string, token?: string, language = 'en') {
  const res = await fetch(s.url + p, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': language },
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
}

/** An invoice of two delivered waybills of two assortments, and its number. */
async function makeInvoice(s: TestServer, token: string): Promise<{ number: string; invoice: any }> {
  const a = await deliveredWaybill(s, token, { quantity: '12.345', assortment: 'KU-PALK-18' });
  const b = await deliveredWaybill(s, token, { quantity: '20.000', assortment: 'HAKE-T' });
  const r = await s.req('POST', '/api/invoices/', { token, body: { waybills: [a.number, b.number], issueDate: '2026-11-20' } });
  assert.equal(r.status, 201, r.text);
  return { number: r.body.number, invoice: r.body };
}

/** How many pixels of the first page, drawn at 30 dpi in grey, are light grey (a watermark's shade). */
const greyPixels = (pdf: Buffer): number => {
  // pdftoppm reads a file (not standard input); the picture comes on standard output.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-pdf-')), 'page.pdf');
  fs.writeFileSync(file, pdf);
  const pgm = execFileSync('pdftoppm', ['-gray', '-r', '30', '-f', '1', '-l', '1', file]);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  // P5 header: magic, width, height, max value, each followed by whitespace.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  let count = 0;
  for (let i = header[0].length; i < pgm.length; i++) if (pgm[i]! >= 200 && pgm[i]! <= 238) count++;
  return count;
};

const NBSP = '\u00a0';
const squash = (text: string) => text.replace(new RegExp(NBSP, 'g'), ' ');

describe('printable documents (PDF)', () => {
  let s: TestServer;
  let user: string;
  let staff: string;
  before(async () => {
    s = await startServer({}, { workers: false });
    user = await s.user();
    staff = await s.staff();
  });
  after(async () => {
    await s.close();
  });

  test('the waybill document holds every field, in English and in Estonian', async () => {
    const w = await deliveredWaybill(s, staff, {
      quantity: '27.350',
      driverName: 'Jüri Õunapuu',
      vehicleNumber: '123 ŠŽA',
      mileage: 8432,
      notes: 'Koorem kaetud; ääretee läbitav',
      certificateClaims: [{ code: 'FSCMIX', number: 'NC-COC-012345' }],
      eudrReferenceNumber: '25EEXVTNR4Y3HN',
      eudrVerificationNumber: 'KRAGE8SX',
    });
    const en = await fetchFile(s, `/api/waybills/${w.number}/pdf/`, user, 'en');
    assert.equal(en.status, 200);
    assert.equal(en.type, 'application/pdf');
    assert.equal(en.body.subarray(0, 5).toString(), '%PDF-');
    const enText = squash(pdfText(en.body));
    for (const expected of [
      'Waybill',
      w.number,
      '02/11/2026',
      w.originName,
      `code ${w.origin}`,
      w.destinationName,
      `code ${w.destination}`,
      w.destinationCompanyName,
      `Registry code ${w.destinationCompany}`,
      'Jüri Õunapuu',
      '123 ŠŽA',
      w.assortmentName,
      `(${w.assortment})`,
      `27.350 ${w.unit === 'm3' ? 'm³' : 't'}`,
      '8,432 km',
      'Koorem kaetud; ääretee läbitav',
      'Delivered',
      "Driver's signature",
      // The EVR fields: parties, the driver's code, departure in Estonian time, the holding basis, claims, EUDR.
      'OWNER',
      w.ownerCompanyName,
      'TRANSPORTER',
      `Registry code ${w.transporterCompany}`,
      'Not in EVR',
      '37605030299',
      '02/11/2026 08:30',
      'Forest notification',
      '78401:001:0123',
      'FSC Mix (NC-COC-012345)',
      '25EEXVTNR4Y3HN',
      'KRAGE8SX',
    ])
      assert.ok(enText.includes(expected), `the English waybill shows "${expected}":\n${enText}`);

    const et = await fetchFile(s, `/api/waybills/${w.number}/pdf/`, user, 'et-EE,et;q=0.9');
    const etText = squash(pdfText(et.body));
    for (const expected of [
      'Veoseleht',
      '02.11.2026',
      `kood ${w.origin}`,
      `Registrikood ${w.destinationCompany}`,
      `27,350 ${w.unit === 'm3' ? 'm³' : 't'}`,
      '8 432 km',
      'Kohale toimetatud',
      'Autojuhi allkiri',
      'Metsateatis',
      'Katastritunnus',
      'EVR-is ei ole',
      'Lehekülg 1/1',
    ])
      assert.ok(etText.includes(expected), `the Estonian waybill shows "${expected}":\n${etText}`);
  });

  test('a draft is marked DRAFT across its pages; an invoiced load prints as delivered, without our invoice; every page names the number; emoji are left out', async () => {
    const created = await s.req('POST', '/api/waybills/', {
      token: staff,
      body: { ...(await waybillInput(s)), notes: 'Koorem 🌲 kaetud 👍🏽 ✔ ©' },
    });
    assert.equal(created.status, 201, created.text);
    const number = created.body.number as string;
    const draftPdf = (await fetchFile(s, `/api/waybills/${number}/pdf/`, user, 'en')).body;
    const draft = squash(pdfText(draftPdf));
    assert.match(draft, /Timber transport document · DRAFT/);
    assert.ok(draft.includes(`${number} · Page 1 of 1`), draft);
    // The font has no emoji: they are left out, not drawn as empty boxes; what it has stays.
    assert.match(draft, /Koorem\s+kaetud\s+✔ ©/);
    assert.ok(!/\p{Extended_Pictographic}\uFE0F?|[\u{1F3FB}-\u{1F3FF}]/u.test(draft.replace(/[✔©]/g, '')), draft);
    const etDraft = squash(pdfText((await fetchFile(s, `/api/waybills/${number}/pdf/`, user, 'et')).body));
    assert.match(etDraft, /MUSTAND/);
    assert.ok(etDraft.includes(`${number} · Lehekülg 1/1`));

    // The mark across the page (light grey, diagonal: text extraction skips it) is seen in the picture.
    const confirmed = await s.write('PATCH', `/api/waybills/${number}/`, { token: staff, body: { status: 'confirmed' } });
    assert.equal(confirmed.status, 200, confirmed.text);
    const confirmedPdf = (await fetchFile(s, `/api/waybills/${number}/pdf/`, user, 'en')).body;
    assert.ok(!pdfText(confirmedPdf).includes('DRAFT'));
    assert.ok(
      greyPixels(draftPdf) > greyPixels(confirmedPdf) + 2000,
      `the draft's mark: ${greyPixels(draftPdf)} against ${greyPixels(confirmedPdf)}`,
    );

    const { invoice } = await makeInvoice(s, user);
    const invoiced = squash(pdfText((await fetchFile(s, `/api/waybills/${invoice.waybills[0]}/pdf/`, user, 'en')).body));
    assert.match(invoiced, /Status\s+Delivered/);
    assert.ok(!invoiced.includes('Invoiced'), invoiced);
    assert.ok(!invoiced.includes(invoice.number), 'our invoice number is not on the transport document');
    assert.ok(!invoiced.includes('DRAFT'));
  });

  test('invisible characters are not drawn: a note of 500 letters and 1,500 joiners prints its letters, and other requests are answered meanwhile', async () => {
    const notes = 'W'.repeat(500) + '\u200d'.repeat(1500);
    const w = await deliveredWaybill(s, staff, { notes, driverName: `Mari${'\u0301'.repeat(40)} Tamm\u200b` });
    const started = fetchFile(s, `/api/waybills/${w.number}/pdf/`, user, 'en');
    const others = await Promise.all([started, s.req('GET', '/api/waybills/?pageSize=1', { token: user })]);
    assert.equal(others[1].status, 200);
    const pdf = await started;
    assert.equal(pdf.status, 200);
    const text = pdfText(pdf.body);
    // pdftotext reads back what was drawn: the letters, no joiner, at most two marks on a letter.
    assert.equal((text.match(/W{5,}/g) ?? []).join('').length, 500);
    assert.ok(!/[\u200c\u200d]/.test(text), 'a joiner was drawn');
    assert.match(text, /Tamm/);
    assert.ok((text.normalize('NFD').match(/\u0301/g) ?? []).length <= 3, 'more than two marks on a letter were drawn');
  });

  test('printable text: composed, without format characters, at most two marks on a letter', () => {
    assert.equal(printable('e\u0301'), '\u00e9');
    assert.equal(printable('a\u200db\u200cc\u200bd\u2060e\ufefff\u00adg'), 'abcdefg');
    assert.equal(printable(`q${'\u0308\u0301'.repeat(10)}`), 'q\u0308\u0301');
    assert.equal(printable('Õunapuu 123 ŠŽA'), 'Õunapuu 123 ŠŽA');
    // A run without a space may break after every 40 characters; a code or a number of that length does not.
    assert.equal(printable('W'.repeat(100)), `${'W'.repeat(40)}\u200b${'W'.repeat(40)}\u200b${'W'.repeat(20)}`);
    assert.equal(printable('EE382200221020145685 25EEABCDEF123456'), 'EE382200221020145685 25EEABCDEF123456');
  });

  test('the fonts are embedded, and the page is A4', async () => {
    const w = await deliveredWaybill(s, user);
    const pdf = (await fetchFile(s, `/api/waybills/${w.number}/pdf/`, user)).body;
    const fonts = execFileSync('pdffonts', ['-'], { input: pdf }).toString();
    assert.match(fonts, /DejaVuSans\s.*yes\s+yes\s+yes/);
    const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString();
    assert.match(info, /Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
  });

  test('the invoice document holds what the VAT Act § 37 asks, in English and in Estonian', async () => {
    const { number, invoice } = await makeInvoice(s, user);
    const customer = await s.ctx.db
      .selectFrom('companies')
      .selectAll()
      .where('registryCode', '=', invoice.customer)
      .executeTakeFirstOrThrow();
    const seller = s.ctx.config.seller;
    const en = await fetchFile(s, `/api/invoices/${number}/pdf/`, user, 'en');
    assert.equal(en.status, 200);
    assert.equal(en.type, 'application/pdf');
    const enText = squash(pdfText(en.body));
    const money = (v: string) => `€${Number(v).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
    for (const expected of [
      'Invoice',
      number,
      seller.name,
      seller.address,
      `Registry code ${seller.registryCode}`,
      `VAT number ${seller.vatNumber}`,
      'EE38 2200 2210 2014 5685',
      customer.name,
      customer.address,
      `Registry code ${customer.registryCode}`,
      `VAT number ${customer.vatNumber}`,
      '20/11/2026',
      invoice.dueDate.split('-').reverse().join('/'),
      'Spruce saw log 18+ cm (KU-PALK-18)',
      '12.345',
      'm³',
      '€82.00',
      money(invoice.lines.find((l: any) => l.assortment === 'KU-PALK-18').amount),
      'Energy wood chips (HAKE-T)',
      '20.000',
      '€27.80',
      '€556.00',
      `Total without VAT ${money(invoice.netTotal)}`,
      `VAT 24% ${money(invoice.vatTotal)}`,
      `Total due ${money(invoice.grossTotal)}`,
      ...invoice.waybills,
      // The payment reference number (7-3-1) and the date of supply: the loads' last transport date.
      'Reference number',
      paymentReference(number),
      `quoting the reference number ${paymentReference(number)}`,
      'Date of supply',
      '02/11/2026',
      `${number} · Page 1 of 1`,
    ])
      assert.ok(enText.replace(/ {2,}/g, ' ').includes(expected), `the English invoice shows "${expected}":\n${enText}`);

    const et = await fetchFile(s, `/api/invoices/${number}/pdf/`, user, 'et');
    const etText = squash(pdfText(et.body)).replace(/ {2,}/g, ' ');
    const etMoney = (v: string) =>
      `${Number(v).toLocaleString('en-GB', { minimumFractionDigits: 2 }).replace(/,/g, ' ').replace('.', ',')} €`;
    for (const expected of [
      'Arve',
      'MÜÜJA',
      'OSTJA',
      `KMKR number ${customer.vatNumber}`,
      '20.11.2026',
      invoice.dueDate.split('-').reverse().join('.'),
      '12,345',
      '82,00 €',
      `Summa käibemaksuta ${etMoney(invoice.netTotal)}`,
      `Käibemaks 24% ${etMoney(invoice.vatTotal)}`,
      `Tasuda kokku ${etMoney(invoice.grossTotal)}`,
      'Viitenumber',
      'Tarne kuupäev',
      '02.11.2026',
      'Arvega hõlmatud veoselehed'.toUpperCase(),
    ])
      assert.ok(etText.includes(expected), `the Estonian invoice shows "${expected}":\n${etText}`);
  });

  test('read as the record is: anonymous 401, unknown 404, any signed-in user may read any waybill or invoice', async () => {
    const w = await deliveredWaybill(s, staff);
    const { number } = await makeInvoice(s, staff);
    for (const p of [`/api/waybills/${w.number}/pdf/`, `/api/invoices/${number}/pdf/`, `/api/invoices/${number}/einvoice/`]) {
      assert.equal((await fetchFile(s, p)).status, 401, p);
      // The detail routes let every signed-in user read every record: the documents follow them.
      assert.equal((await fetchFile(s, p, user)).status, 200, p);
      const detail = p.replace(/(pdf|einvoice)\/$/, '');
      assert.equal((await s.req('GET', detail, { token: user })).status, 200, detail);
    }
    assert.equal((await fetchFile(s, '/api/waybills/W-2099-999999/pdf/', user)).status, 404);
    assert.equal((await fetchFile(s, '/api/invoices/INV-2099-999999/pdf/', user)).status, 404);
    assert.equal((await fetchFile(s, '/api/invoices/INV-2099-999999/einvoice/', user)).status, 404);
  });
});

describe('EN 16931 e-invoices (UBL 2.1, Peppol BIS Billing 3.0)', () => {
  let s: TestServer;
  let user: string;
  let xml: string;
  let invoice: any;
  before(async () => {
    s = await startServer({}, { workers: false });
    user = await s.user();
    ({ invoice } = await makeInvoice(s, user));
    const r = await fetchFile(s, `/api/invoices/${invoice.number}/einvoice/`, user);
    assert.equal(r.status, 200);
    assert.match(r.type, /^application\/xml/);
    xml = r.body.toString('utf8');
  });
  after(async () => {
    await s.close();
  });

  test('validates against the UBL 2.1 schema', async () => {
    assert.deepEqual(await xsdErrors(xml), []);
  });

  test('the schema check fails an invoice with an element out of place', async () => {
    const broken = xml.replace('<cbc:IssueDate>', '<cbc:Note>x</cbc:Note><cbc:IssueDate>');
    assert.notDeepEqual(await xsdErrors(broken), []);
  });

  test('meets the business rules BR-01…BR-16, BR-21…BR-27, BR-CO-09…BR-CO-16, BR-CO-26, BR-S-01/02/05/08/09/10, BR-DEC, PEPPOL-EN16931-R010/R020', () => {
    assert.deepEqual(businessRuleErrors(xml), []);
  });

  test('Peppol BIS 3.0 identifiers, parties and the totals exactly as the invoice has them', () => {
    const seller = s.ctx.config.seller;
    for (const expected of [
      '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>',
      '<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>',
      `<cbc:ID>${invoice.number}</cbc:ID>`,
      '<cbc:IssueDate>2026-11-20</cbc:IssueDate>',
      `<cbc:DueDate>${invoice.dueDate}</cbc:DueDate>`,
      `<cbc:EndpointID schemeID="0191">${seller.registryCode}</cbc:EndpointID>`,
      `<cbc:CompanyID>${seller.vatNumber}</cbc:CompanyID>`,
      `<cbc:EndpointID schemeID="0191">${invoice.customer}</cbc:EndpointID>`,
      `<cbc:CompanyID schemeID="0191">${invoice.customer}</cbc:CompanyID>`,
      `<cbc:ID>${seller.iban}</cbc:ID>`,
      `<cbc:TaxableAmount currencyID="EUR">${invoice.netTotal}</cbc:TaxableAmount>`,
      `<cbc:TaxAmount currencyID="EUR">${invoice.vatTotal}</cbc:TaxAmount>`,
      `<cbc:Percent>${invoice.vatRate}</cbc:Percent>`,
      `<cbc:TaxInclusiveAmount currencyID="EUR">${invoice.grossTotal}</cbc:TaxInclusiveAmount>`,
      `<cbc:PayableAmount currencyID="EUR">${invoice.grossTotal}</cbc:PayableAmount>`,
      '<cbc:InvoicedQuantity unitCode="MTQ">12.345</cbc:InvoicedQuantity>',
      '<cbc:InvoicedQuantity unitCode="TNE">20.000</cbc:InvoicedQuantity>',
      // BT-72, the actual delivery date (the loads' last transport date); BT-83, the payment reference.
      '<cbc:ActualDeliveryDate>2026-11-02</cbc:ActualDeliveryDate>',
      `<cbc:PaymentID>${paymentReference(invoice.number)}</cbc:PaymentID>`,
    ])
      assert.ok(xml.includes(expected), `the e-invoice has ${expected}`);
  });

  test('the rule check fails when a sum or an identifier is broken, naming the rule', () => {
    const broken = (from: RegExp, to: string) => {
      const out = xml.replace(from, to);
      assert.notEqual(out, xml, `the mutation ${from} applies`);
      return businessRuleErrors(out).map((e) => e.split(':')[0]);
    };
    // A line amount changed: the line sum (BR-CO-10) and the taxable amount (BR-S-08) no longer add up.
    assert.deepEqual(broken(/<cbc:LineExtensionAmount currencyID="EUR">556\.00</, '<cbc:LineExtensionAmount currencyID="EUR">556.01<'), [
      'BR-CO-10',
      'BR-CO-13',
      'BR-S-08',
    ]);
    assert.ok(broken(/<cbc:PayableAmount currencyID="EUR">[\d.]+</, '<cbc:PayableAmount currencyID="EUR">1.00<').includes('BR-CO-16'));
    assert.ok(
      broken(/<cbc:TaxInclusiveAmount currencyID="EUR">[\d.]+</, '<cbc:TaxInclusiveAmount currencyID="EUR">1.00<').includes('BR-CO-15'),
    );
    assert.ok(broken(/(<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="EUR">)[\d.]+</, '$10.00<').includes('BR-CO-14'));
    assert.ok(
      broken(
        /(<cbc:TaxableAmount currencyID="EUR">[\d.]+<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="EUR">)[\d.]+</,
        '$11.00<',
      ).includes('BR-S-09'),
    );
    // Identifiers: the seller's VAT number, the buyer's electronic address, the seller's name.
    const sellerVat = s.ctx.config.seller.vatNumber;
    assert.ok(
      broken(new RegExp(`<cac:PartyTaxScheme>\\s*<cbc:CompanyID>${sellerVat}</cbc:CompanyID>[\\s\\S]*?</cac:PartyTaxScheme>`), '').includes(
        'BR-S-02',
      ),
    );
    assert.ok(
      broken(new RegExp(`<cbc:EndpointID schemeID="0191">${invoice.customer}</cbc:EndpointID>`), '').includes('PEPPOL-EN16931-R010'),
    );
    assert.ok(
      broken(/<cbc:RegistrationName>[^<]*<\/cbc:RegistrationName>/, '<cbc:RegistrationName></cbc:RegistrationName>').includes('BR-06'),
    );
    assert.ok(broken(/<cbc:Percent>[\d.]+<\/cbc:Percent>/g, '<cbc:Percent>0</cbc:Percent>').includes('BR-S-05'));
  });

  test("the rule check passes the official Peppol examples and fails them when broken (the checker's own test vectors)", () => {
    for (const name of ['base-example.xml', 'Vat-category-S.xml', 'Allowance-example.xml']) {
      const example = fs.readFileSync(path.join(here, 'fixtures', 'peppol', name), 'utf8');
      assert.deepEqual(businessRuleErrors(example), [], name);
      const payable = example.replace(
        /(<cbc:PayableAmount currencyID="\w+">)([\d.]+)</,
        (_m, open: string, v: string) => `${open}${(Number(v) + 1).toFixed(2)}<`,
      );
      assert.ok(
        businessRuleErrors(payable).some((e) => e.startsWith('BR-CO-16')),
        `${name}: BR-CO-16`,
      );
    }
  });

  test('the Peppol examples are valid UBL 2.1 too (the schema files are complete)', async () => {
    const example = fs.readFileSync(path.join(here, 'fixtures', 'peppol', 'base-example.xml'), 'utf8');
    assert.deepEqual(await xsdErrors(example), []);
  });
});

describe('seller settings', () => {
  let s: TestServer;
  let user: string;
  before(async () => {
    s = await startServer(
      { seller: { name: '', registryCode: '', vatNumber: '', address: '', country: 'EE', iban: '', bankName: '', email: '' } },
      { workers: false },
    );
    user = await s.user();
  });
  after(async () => {
    await s.close();
  });

  test('without them, no invoice is made: a translated 400 that names the missing settings', async () => {
    const w = await deliveredWaybill(s, user);
    const en = await s.req('POST', '/api/invoices/', { token: user, body: { waybills: [w.number] } });
    assert.equal(en.status, 400);
    assert.match(
      en.body.nonFieldErrors[0],
      /seller's details.*SELLER_NAME, SELLER_REGISTRY_CODE, SELLER_VAT_NUMBER, SELLER_ADDRESS, SELLER_IBAN/,
    );
    const et = await s.req('POST', '/api/invoices/', { token: user, body: { waybills: [w.number] }, headers: { 'accept-language': 'et' } });
    assert.equal(et.status, 400);
    assert.match(et.body.nonFieldErrors[0], /müüja andmed/);
    const waybill = await s.req('GET', `/api/waybills/${w.number}/`, { token: user });
    assert.equal(waybill.body.status, 'delivered');
  });
});

describe('sending an invoice to its customer', () => {
  let s: TestServer;
  let user: string;
  before(async () => {
    s = await startServer({}, { workers: false });
    user = await s.user();
  });
  after(async () => {
    await s.close();
  });
  const outbox = () => {
    const dir = path.join(s.ctx.config.dataDir, 'outbox');
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')) : [];
  };

  test('mails the PDF and the e-invoice in Estonian when the language is not known; the sending is in the history; a second sending asks first', async () => {
    const { number, invoice } = await makeInvoice(s, user);
    const company = await s.ctx.db
      .selectFrom('companies')
      .selectAll()
      .where('registryCode', '=', invoice.customer)
      .executeTakeFirstOrThrow();
    assert.equal(company.language, null);
    assert.equal(invoice.sentAt, null);
    const before = outbox().length;
    const r = await s.write('POST', `/api/invoices/${number}/send/`, { token: user, headers: { 'x-timberlog-client': 'web' } });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.sentTo, company.email);
    assert.ok(r.body.sentAt);
    const mails = outbox();
    assert.equal(mails.length, before + 1);
    const mail = mails.find((m) => m.includes(`${number}.pdf`))!;
    assert.ok(mail, 'the mail is in the outbox');
    assert.match(mail, new RegExp(`To: ${company.email}`));
    // An answer goes to the seller, not to the product's sending address.
    assert.match(mail, new RegExp(`Reply-To: ${s.ctx.config.seller.email.replace(/\./g, '\\.')}`));
    assert.match(mail, /Subject: =\?UTF-8\?|Subject: Arve/);
    assert.match(mail, /Content-Type: application\/pdf; name=.*\.pdf/);
    assert.match(mail, new RegExp(`filename=.?${number}\\.xml`));
    assert.match(mail, /Manuses on arve|Manuses on arve/);

    const history = await s.req('GET', `/api/invoices/${number}/history/`, { token: user });
    const entry = history.body.results[0];
    assert.equal(entry.action, 'updated');
    assert.equal(entry.actor.email, 'user@timberlog.ee');
    assert.deepEqual(entry.changes.map((c: any) => c.field).sort(), ['sendAttempts', 'sentAt', 'sentTo']);

    // Twice: refused until confirmed.
    const again = await s.write('POST', `/api/invoices/${number}/send/`, { token: user });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'already_sent');
    assert.match(again.body.detail, new RegExp(`already sent to ${company.email.replace('.', '\\.')}`));
    const etAgain = await s.write('POST', `/api/invoices/${number}/send/`, { token: user, headers: { 'accept-language': 'et' } });
    assert.match(etAgain.body.detail, /juba saadetud/);
    const forced = await s.write('POST', `/api/invoices/${number}/send/?force=true`, { token: user });
    assert.equal(forced.status, 200, forced.text);
    assert.equal(outbox().length, before + 2);
  });

  test('four sendings at once make one mail, the others are told why; sending again is limited per invoice', async () => {
    const { number } = await makeInvoice(s, user);
    const before = outbox().length;
    // Four clicks on the invoice as read: one mails; the others are told it is being sent or was
    // sent (409), or, once the sending is written, that the invoice changed since (412).
    const read = (await s.req('GET', `/api/invoices/${number}/`, { token: user })).headers.get('etag')!;
    const clicks = await Promise.all(
      [1, 2, 3, 4].map(() => s.req('POST', `/api/invoices/${number}/send/`, { token: user, headers: { 'if-match': read } })),
    );
    const texts = clicks.map((a) => a.text).join('\n');
    assert.equal(clicks.filter((a) => a.status === 200).length, 1, texts);
    assert.ok(
      clicks.every((a) => [200, 409, 412].includes(a.status)),
      texts,
    );
    for (const refused of clicks.filter((a) => a.status === 409))
      assert.ok(['send_in_progress', 'already_sent'].includes(refused.body.code));
    const send = (query = '') => s.write('POST', `/api/invoices/${number}/send/${query}`, { token: user });
    assert.equal(outbox().length, before + 1, 'one mail');
    for (let i = 0; i < LIMITS.invoiceResendsPerHour; i++) assert.equal((await send('?force=true')).status, 200);
    const over = await send('?force=true');
    assert.equal(over.status, 429, over.text);
    assert.ok(Number(over.headers.get('retry-after')) > 0);
    assert.equal(outbox().length, before + 1 + LIMITS.invoiceResendsPerHour, 'nothing mailed over the limit');
  });

  test("in the customer's language when it is known (staff set it on the company)", async () => {
    const { number, invoice } = await makeInvoice(s, user);
    const staff = await s.staff();
    const company = await s.req('GET', `/api/admin/companies/${invoice.customer}/`, { token: staff });
    assert.equal(company.body.language, null);
    const bad = await s.req('PATCH', `/api/admin/companies/${invoice.customer}/`, {
      token: staff,
      body: { language: 'fi' },
      headers: { 'if-match': company.headers.get('etag') ?? '' },
    });
    assert.equal(bad.status, 400);
    assert.ok(bad.body.language, bad.text);
    const set = await s.req('PATCH', `/api/admin/companies/${invoice.customer}/`, {
      token: staff,
      body: { language: 'en' },
      headers: { 'if-match': company.headers.get('etag') ?? '' },
    });
    assert.equal(set.status, 200, set.text);
    assert.equal(set.body.language, 'en');
    try {
      const r = await s.write('POST', `/api/invoices/${number}/send/`, { token: user, headers: { 'accept-language': 'et' } });
      assert.equal(r.status, 200, r.text);
      const mail = outbox().find((m) => m.includes(`${number}.pdf`) && m.includes('Attached is invoice'));
      assert.ok(mail, 'an English mail');
      assert.match(mail, new RegExp(`Subject: =\\?UTF-8\\?Q\\?Invoice_${number}_from`));
    } finally {
      await s.ctx.db.updateTable('companies').set({ language: null }).where('registryCode', '=', invoice.customer).execute();
    }
  });

  test('a customer without an email address: a translated 400, nothing sent', async () => {
    const { number, invoice } = await makeInvoice(s, user);
    const company = await s.ctx.db
      .selectFrom('companies')
      .select(['email', 'name'])
      .where('registryCode', '=', invoice.customer)
      .executeTakeFirstOrThrow();
    await s.ctx.db.updateTable('companies').set({ email: '' }).where('registryCode', '=', invoice.customer).execute();
    try {
      const count = outbox().length;
      const en = await s.write('POST', `/api/invoices/${number}/send/`, { token: user });
      assert.equal(en.status, 400);
      assert.equal(en.body.nonFieldErrors[0], `The customer ${company.name} has no email address: add it to the company first.`);
      const et = await s.write('POST', `/api/invoices/${number}/send/`, { token: user, headers: { 'accept-language': 'et' } });
      assert.match(et.body.nonFieldErrors[0], /ei ole e-posti aadressi/);
      assert.equal(outbox().length, count);
      assert.equal((await s.req('GET', `/api/invoices/${number}/`, { token: user })).body.sentAt, null);
    } finally {
      await s.ctx.db.updateTable('companies').set({ email: company.email }).where('registryCode', '=', invoice.customer).execute();
    }
  });

  test('a stale If-Match: 412 naming who changed the invoice, with the invoice as it is now, and nothing sent; the current version sends', async () => {
    const { number } = await makeInvoice(s, user);
    const read = await s.req('GET', `/api/invoices/${number}/`, { token: user });
    const etag = read.headers.get('etag') ?? '';
    assert.equal(etag, `"${read.body.version}"`);
    // A colleague changes the invoice meanwhile (the accounting sync, here written directly).
    await s.ctx.db
      .updateTable('invoices')
      .set({ syncError: 'ledger host down', lastModifiedAt: new Date() })
      .where('number', '=', number)
      .execute();
    const count = outbox().length;
    const stale = await s.req('POST', `/api/invoices/${number}/send/`, { token: user, headers: { 'if-match': etag } });
    assert.equal(stale.status, 412, stale.text);
    assert.match(stale.body.detail, /changed/i);
    assert.equal(stale.body.current.number, number);
    assert.equal(stale.body.current.version, read.body.version + 1);
    assert.equal(stale.body.current.sentAt, null);
    // The raw accounting error stays for staff, as the invoice's own route answers it.
    assert.equal(stale.body.current.syncError, null);
    assert.equal(stale.headers.get('etag'), `"${read.body.version + 1}"`);
    assert.equal(outbox().length, count, 'nothing mailed');
    const after = await s.ctx.db.selectFrom('invoices').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
    assert.equal(after.sendAttempts, 0);
    assert.equal(after.sentAt, null);
    const et = await s.req('POST', `/api/invoices/${number}/send/`, {
      token: user,
      headers: { 'if-match': etag, 'accept-language': 'et' },
    });
    assert.equal(et.status, 412);
    assert.notEqual(et.body.detail, stale.body.detail);

    const ok = await s.req('POST', `/api/invoices/${number}/send/`, {
      token: user,
      headers: { 'if-match': `"${stale.body.current.version}"` },
    });
    assert.equal(ok.status, 200, ok.text);
    assert.ok(ok.body.sentAt);
    assert.equal(ok.headers.get('etag'), `"${ok.body.version}"`);
    assert.equal(outbox().length, count + 1);
  });

  test('unknown invoice 404, anonymous 401', async () => {
    assert.equal((await s.write('POST', '/api/invoices/INV-2099-999999/send/', { token: user })).status, 404);
    assert.equal((await s.req('POST', '/api/invoices/INV-2099-999999/send/')).status, 401);
  });
});

describe('sending when the mail server refuses', () => {
  let s: TestServer;
  let user: string;
  before(async () => {
    // A port nothing listens on: the SMTP connection is refused.
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    s = await startServer({ smtpUrl: `smtp://127.0.0.1:${port}` }, { workers: false });
    user = await s.user();
  });
  after(async () => {
    await s.close();
  });

  test('503, and the failed attempt is in the history with its reason', async () => {
    const { number } = await makeInvoice(s, user);
    const r = await s.write('POST', `/api/invoices/${number}/send/`, { token: user });
    assert.equal(r.status, 503, r.text);
    assert.match(r.body.detail, /could not be sent/);
    const invoice = await s.ctx.db.selectFrom('invoices').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
    assert.equal(invoice.sentAt, null);
    assert.equal(invoice.sendAttempts, 1);
    assert.match(invoice.sendError ?? '', /ECONNREFUSED|connect/i);
    const history = await s.req('GET', `/api/invoices/${number}/history/`, { token: user });
    assert.deepEqual(history.body.results[0].changes.map((c: any) => c.field).sort(), ['sendAttempts', 'sendError']);
  });
});

describe('ACCOUNTING_SYNC_FORMAT=ubl', () => {
  let s: TestServer;
  let accounting: http.Server;
  const received: { type: string; body: string }[] = [];
  before(async () => {
    accounting = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ type: req.headers['content-type'] ?? '', body });
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: `ACC-${received.length}` }));
      });
    });
    await new Promise<void>((r) => accounting.listen(0, '127.0.0.1', () => r()));
    const port = (accounting.address() as net.AddressInfo).port;
    s = await startServer({ accountingSyncUrl: `http://127.0.0.1:${port}/invoices`, accountingSyncFormat: 'ubl' });
  });
  after(async () => {
    await s.close();
    await new Promise<void>((r) => accounting.close(() => r()));
  });

  test('the connector posts the e-invoice (UBL XML) instead of our JSON', async () => {
    const token = await s.user();
    const { number, invoice } = await makeInvoice(s, token);
    await waitFor(async () => (await s.req('GET', `/api/invoices/${number}/`, { token })).body.status === 'synced', 20_000, 'the sync');
    const posted = received.find((r) => r.body.includes(`<cbc:ID>${number}</cbc:ID>`));
    assert.ok(posted, 'the accounting system got the invoice');
    assert.equal(posted.type, 'application/xml');
    assert.ok(posted.body.startsWith('<?xml'));
    assert.ok(posted.body.includes(`<cbc:PayableAmount currencyID="EUR">${invoice.grossTotal}</cbc:PayableAmount>`));
    assert.deepEqual(businessRuleErrors(posted.body), []);
    assert.deepEqual(await xsdErrors(posted.body), []);
  });

  test('the outbox connector writes the XML file', async () => {
    const local = await startServer({ accountingSyncFormat: 'ubl' });
    try {
      const token = await local.user();
      const { number } = await makeInvoice(local, token);
      const file = path.join(local.ctx.config.dataDir, 'accounting-outbox', `${number}.xml`);
      await waitFor(async () => fs.existsSync(file), 20_000, 'the outbox file');
      assert.match(fs.readFileSync(file, 'utf8'), /<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
      const { rows } = await sql<{ status: string }>`SELECT status FROM invoices WHERE number = ${number}`.execute(local.ctx.db);
      assert.ok(rows[0]);
    } finally {
      await local.close();
    }
  });
});
