import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isMessageKey, MESSAGES } from '@timberlog/contract';
import { pickLocale, t } from '../src/http/i18n.js';

// The catalogue's own tests (every key in en and et, the same placeholders) are the contract's:
// packages/contract/test/messages.test.ts. These hold the server to it.

test('Accept-Language picks et or en by quality', () => {
  assert.equal(pickLocale(undefined), 'en');
  assert.equal(pickLocale('et'), 'et');
  assert.equal(pickLocale('et-EE,et;q=0.9,en;q=0.8'), 'et');
  assert.equal(pickLocale('en;q=0.5, et;q=0.9'), 'et');
  assert.equal(pickLocale('fi, en-GB;q=0.7'), 'en');
  assert.equal(pickLocale('de'), 'en');
  assert.equal(t('et', 'waybill.transition', { from: 'a', to: 'b' }), 'Veoselehte ei saa viia olekust "a" olekusse "b".');
});

test('every report heading, waybill status, worklog action and holding basis has a message', async () => {
  const { REPORTS } = await import('../src/reports.js');
  const { HOLDING_BASIS_TYPES, WAYBILL_STATUSES, WORKLOG_ACTIONS } = await import('@timberlog/contract');
  const keys = [
    ...Object.values(REPORTS).flatMap((report) => [report.sheet, ...report.columns.map((column) => column.header)]),
    ...WAYBILL_STATUSES.map((status) => `value.waybillStatus.${status}`),
    ...WORKLOG_ACTIONS.map((action) => `value.worklogAction.${action}`),
    ...HOLDING_BASIS_TYPES.map((type) => `value.holdingBasis.${type}`),
  ];
  assert.deepEqual(
    keys.filter((key) => !isMessageKey(key)),
    [],
  );
  const prefixes = new Set(
    Object.values(REPORTS).flatMap((report) => report.columns.flatMap((column) => (column.values ? [column.values] : []))),
  );
  assert.deepEqual([...prefixes].sort(), ['value.holdingBasis', 'value.waybillStatus', 'value.worklogAction']);
});

test('every message key the server source names is in the catalogue', async () => {
  const { readFileSync, readdirSync } = await import('node:fs');
  const { join } = await import('node:path');
  const root = new URL('../src/', import.meta.url).pathname;
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'));
  const prefixes = /^(field|db|json|url|media|page|auth|password|reset|user|ref|waybill|invoice|export|report|value|admin|mail|verify)\./;
  const named = new Set<string>();
  for (const file of files) {
    for (const [, key] of readFileSync(join(root, file), 'utf8').matchAll(/'([a-z]+\.[A-Za-z.-]+)'/g)) {
      if (key && prefixes.test(key) && !key.endsWith('.') && !/\.(ts|js|json)$/.test(key)) named.add(key);
    }
  }
  // A prefix (`value.waybillStatus`, completed by a value) is named by the keys it begins.
  const isPrefix = (key: string) => Object.keys(MESSAGES.en).some((full) => full.startsWith(`${key}.`));
  assert.deepEqual([...named].filter((key) => !isMessageKey(key) && !isPrefix(key)).sort(), []);
});
