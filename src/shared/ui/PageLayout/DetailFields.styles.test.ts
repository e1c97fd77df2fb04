import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const SRC = resolve(__dirname, '../../..');

const cssModules = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssModules(path);
    return entry.name.endsWith('.module.css') ? [path] : [];
  });

/** Every selector of a style sheet that styles a `dt`, as `file: selector`. */
const dtSelectors = (file: string): string[] =>
  [
    ...readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .matchAll(/([^{}]+)\{/g),
  ]
    .flatMap((match) => (match[1] ?? '').split(','))
    .map((selector) => selector.trim())
    .filter((selector) => /(^|[\s>+~])dt\b/.test(selector))
    .map((selector) => `${relative(SRC, file)}: ${selector}`);

describe('record fields', () => {
  it('label every record page alike: DetailFields styles its labels once, and nothing restyles a label elsewhere', () => {
    const found = cssModules(SRC).flatMap(dtSelectors).sort();
    expect(found).toEqual([
      // The invoice's sums, a table of totals read right to left, not fields of a record.
      'entities/invoice/ui/InvoiceLines/InvoiceLines.module.css: .gross dt',
      'entities/invoice/ui/InvoiceLines/InvoiceLines.module.css: .total dt',
      'shared/ui/PageLayout/PageLayout.module.css: .field dt',
    ]);
  });
});
