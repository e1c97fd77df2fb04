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
