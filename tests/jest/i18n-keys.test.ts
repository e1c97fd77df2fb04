import { HISTORY_VIA } from '@timberlog/contract';

import enApp from '../../public/locales/en/app.json';
import enCommon from '../../public/locales/en/common.json';
import etApp from '../../public/locales/et/app.json';
import etCommon from '../../public/locales/et/common.json';

type Tree = { readonly [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );

// Two files per language: common.json (what a visitor's pages show) and app.json (the signed-in screens).
const enKeys = { ...flatten(enCommon), ...flatten(enApp) };
const etKeys = { ...flatten(etCommon), ...flatten(etApp) };
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('translations', () => {
  it('en and et have the same keys, in the same file', () => {
    expect(Object.keys(etKeys).sort()).toEqual(Object.keys(enKeys).sort());
    expect(Object.keys(flatten(etCommon)).sort()).toEqual(Object.keys(flatten(enCommon)).sort());
  });

  it('no key is in both files (a key is looked up in common.json first, then in app.json)', () => {
    for (const [common, app] of [
      [enCommon, enApp],
      [etCommon, etApp],
    ] as const) {
      const inBoth = Object.keys(common).filter((section) => section in app);
      expect(inBoth).toEqual([]);
    }
  });

  it('no translation is empty', () => {
    for (const [key, value] of [...Object.entries(enKeys), ...Object.entries(etKeys)]) {
      expect({ key, empty: value.trim() === '' }).toEqual({ key, empty: false });
    }
  });

  it('each et text has the same placeholders as its en text', () => {
    for (const [key, value] of Object.entries(enKeys)) {
      expect({ key, placeholders: placeholders(etKeys[key] ?? '') }).toEqual({ key, placeholders: placeholders(value) });
    }
  });

  it("names every way a change can come (the contract's HISTORY_VIA), as a record's history shows it", () => {
    for (const via of HISTORY_VIA) {
      expect({ via, en: Boolean(enKeys[`history.via.${via}`]), et: Boolean(etKeys[`history.via.${via}`]) }).toEqual({
        via,
        en: true,
        et: true,
      });
    }
  });

  it('has the error catalogue (product rules: Errors), translated', () => {
    for (const key of ['errors.unexpectedError', 'errors.unexpectedErrorWithCode', 'errors.loading', 'errors.rateLimited']) {
      expect(enKeys[key]).toBeTruthy();
      expect(etKeys[key]).toBeTruthy();
      expect(etKeys[key]).not.toEqual(enKeys[key]);
    }
    expect(placeholders(enKeys['errors.unexpectedErrorWithCode'] ?? '')).toEqual(['code']);
  });
});
