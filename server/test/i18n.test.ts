import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES, pickLocale, t } from '../src/shared/i18n.js';

test('every message exists in en and et with the same placeholders', () => {
  assert.deepEqual(Object.keys(MESSAGES.et).sort(), Object.keys(MESSAGES.en).sort());
  const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const key of Object.keys(MESSAGES.en)) {
    assert.deepEqual(holes(MESSAGES.et[key]!), holes(MESSAGES.en[key]!), key);
    assert.notEqual(MESSAGES.et[key], '', key);
  }
});

test('Accept-Language picks et or en by quality', () => {
  assert.equal(pickLocale(undefined), 'en');
  assert.equal(pickLocale('et'), 'et');
  assert.equal(pickLocale('et-EE,et;q=0.9,en;q=0.8'), 'et');
  assert.equal(pickLocale('en;q=0.5, et;q=0.9'), 'et');
  assert.equal(pickLocale('fi, en-GB;q=0.7'), 'en');
  assert.equal(pickLocale('de'), 'en');
  assert.equal(t('et', 'waybill.transition', { from: 'a', to: 'b' }), 'Veoselehte ei saa viia olekust "a" olekusse "b".');
});

test('every report heading, waybill status and worklog action has a message', async () => {
  const { REPORTS } = await import('../src/reports.js');
  const { WAYBILL_STATUSES, WORKLOG_ACTIONS } = await import('@timberlog/contract');
  const keys = [
    ...Object.values(REPORTS).flatMap((report) => [report.sheet, ...report.columns.map((column) => column.header)]),
    ...WAYBILL_STATUSES.map((status) => `value.waybillStatus.${status}`),
    ...WORKLOG_ACTIONS.map((action) => `value.worklogAction.${action}`),
  ];
  assert.deepEqual(keys.filter((key) => !(key in MESSAGES.en)), []);
  const prefixes = new Set(Object.values(REPORTS).flatMap((report) => report.columns.flatMap((column) => (column.values ? [column.values] : []))));
  assert.deepEqual([...prefixes].sort(), ['value.waybillStatus', 'value.worklogAction']);
});
