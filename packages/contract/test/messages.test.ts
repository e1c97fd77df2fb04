import {
  ADMIN_REFERRERS,
  INVOICE_RULES,
  LOCALES,
  MESSAGES,
  WAYBILL_STATUSES,
  WORKLOG_ACTIONS,
  invoiceProblem,
  invoiceWaybillNumbers,
  isMessageKey,
  normaliseWorkerName,
  pickLocale,
  referrerList,
  translate,
  waybillStatusLabel,
  worklogActionLabel,
  type InvoiceWaybill,
} from '@timberlog/contract';

const holes = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('contract: the message catalogue', () => {
  it('has every key in every locale, with the same placeholders and no empty text', () => {
    const keys = Object.keys(MESSAGES.en).sort();
    for (const locale of LOCALES) {
      expect(Object.keys(MESSAGES[locale]).sort()).toEqual(keys);
      for (const key of keys) {
        const text = MESSAGES[locale][key as keyof typeof MESSAGES.en];
        expect(text.trim()).not.toBe('');
        expect([key, holes(text)]).toEqual([key, holes(MESSAGES.en[key as keyof typeof MESSAGES.en])]);
      }
    }
  });

  it('fills placeholders, keeps a missing one and answers an unknown key as itself', () => {
    expect(translate('et', 'waybill.transition', { from: 'a', to: 'b' })).toBe('Veoselehte ei saa viia olekust "a" olekusse "b".');
    expect(translate('en', 'field.maxLength')).toBe('Ensure this field has no more than {limit} characters.');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
    expect(isMessageKey('toString')).toBe(false);
  });

  it('labels every status and action, and counts referrers in the locale asked (no English inside Estonian)', () => {
    for (const status of WAYBILL_STATUSES) for (const locale of LOCALES) expect(waybillStatusLabel(locale, status)).toBeTruthy();
    for (const action of WORKLOG_ACTIONS) for (const locale of LOCALES) expect(worklogActionLabel(locale, action)).toBeTruthy();
    for (const noun of ADMIN_REFERRERS) expect(isMessageKey(`admin.count.${noun}`)).toBe(true);
    expect(
      referrerList('et', [
        ['waybills', 3],
        ['worklogs', 0],
        ['invoices', 1],
      ]),
    ).toBe('3 veoselehte, 1 arvet');
    expect(
      referrerList('en', [
        ['waybills', 3],
        ['invoices', 1],
      ]),
    ).toBe('3 waybills, 1 invoices');
  });

  it('picks the locale of an Accept-Language header by quality', () => {
    expect(pickLocale(undefined)).toBe('en');
    expect(pickLocale(null)).toBe('en');
    expect(pickLocale('et')).toBe('et');
    expect(pickLocale('et-EE,et;q=0.9,en;q=0.8')).toBe('et');
    expect(pickLocale('en;q=0.5, et;q=0.9')).toBe('et');
    expect(pickLocale('fi, en-GB;q=0.7')).toBe('en');
    expect(pickLocale('de')).toBe('en');
    expect(pickLocale('et;q=x, en')).toBe('en');
  });
});

describe('contract: worker names and the invoice rules', () => {
  it('tidies a worker name', () => {
    expect(normaliseWorkerName('  Jaan \t  Tamm ')).toBe('Jaan Tamm');
    expect(normaliseWorkerName('   ')).toBe('');
  });

  it('answers the first broken rule in INVOICE_RULES order', () => {
    const waybill = (number: string, over: Partial<InvoiceWaybill> = {}): InvoiceWaybill => ({
      number,
      status: 'delivered',
      invoice: null,
      destinationCompany: '10000001',
      ...over,
    });
    const dates = { issueDate: '2026-11-20', dueDate: '2026-12-04', today: '2026-11-25' };
    const customer = () => true;
    const seen: string[] = [];
    const check = (numbers: string[], found: InvoiceWaybill[], isCustomer = customer, at = dates) =>
      invoiceProblem(invoiceWaybillNumbers(numbers), found, isCustomer, at);
    seen.push(check([' ', ''], [])?.key ?? '');
    // Unknown wins over everything the known ones break.
    seen.push(check(['W-9', 'W-1'], [waybill('W-1', { status: 'draft', invoice: 'I-1' })])?.key ?? '');
    seen.push(
      check(['W-2', 'W-1'], [waybill('W-2', { status: 'draft' }), waybill('W-1', { invoice: 'I-1', status: 'invoiced' })])?.key ?? '',
    );
    const notDelivered = check(
      ['W-2', 'W-1'],
      [waybill('W-2', { status: 'draft' }), waybill('W-1', { status: 'confirmed', destinationCompany: '2' })],
    );
    seen.push(notDelivered?.key ?? '');
    expect(notDelivered?.params).toEqual({ list: 'W-1 (confirmed), W-2 (draft)' });
    seen.push(check(['W-1', 'W-2'], [waybill('W-1'), waybill('W-2', { destinationCompany: '2' })], () => false)?.key ?? '');
    seen.push(check(['W-1'], [waybill('W-1')], () => false)?.key ?? '');
    // An issue date after today, whatever the due date; today itself is fine.
    const future = check(['W-1'], [waybill('W-1')], customer, { issueDate: '2026-11-26', dueDate: '2026-11-19', today: '2026-11-25' });
    seen.push(future?.key ?? '');
    expect(future?.field).toBe('issueDate');
    expect(check(['W-1'], [waybill('W-1')], customer, { ...dates, issueDate: '2026-11-25' })).toBeUndefined();
    const due = check(['W-1'], [waybill('W-1')], customer, { issueDate: '2026-11-20', dueDate: '2026-11-19', today: '2026-11-25' });
    seen.push(due?.key ?? '');
    expect(due?.field).toBe('dueDate');
    expect(seen).toEqual([...INVOICE_RULES]);
    expect(check(['W-1', 'W-1 '], [waybill('W-1')])).toBeUndefined();
  });
});
