import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { LOCALES, MESSAGES, type Locale } from '@timberlog/contract';

const root = resolve(__dirname, '../..');
const LOCALE_DIR = join(root, 'public/locales');

type Tree = { readonly [key: string]: string | Tree };

/** Every group of texts in a translation file (the file itself, and each object in it), with its path. */
const groups = (tree: Tree, path: string): [string, Readonly<Record<string, string>>][] => {
  const texts = Object.fromEntries(Object.entries(tree).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return [
    [path, texts],
    ...Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [] : groups(value, `${path}.${key}`))),
  ];
};

/** The labels of coded values (statuses, actions), grouped by their catalogue prefix (`value.waybillStatus`). */
const valueLabels = (locale: Locale): Map<string, Set<string>> => {
  const byPrefix = new Map<string, Set<string>>();
  for (const [key, text] of Object.entries(MESSAGES[locale])) {
    if (!key.startsWith('value.')) continue;
    const prefix = key.slice(0, key.lastIndexOf('.'));
    byPrefix.set(prefix, (byPrefix.get(prefix) ?? new Set()).add(text));
  }
  return byPrefix;
};

// The message catalogue is packages/contract/src/messages.ts: the server, the mocks and the web app
// import it. Any other source file holding one of its texts word for word is a copy that can drift.
describe('the message catalogue is written once', () => {
  it('has no copy of a message text in the server, the mocks or the web app', () => {
    const texts = LOCALES.flatMap((locale) => Object.values(MESSAGES[locale])).filter((text) => text.length >= 30 && !text.includes('\n'));
    const copies: string[] = [];
    for (const place of ['server/src', 'src']) {
      for (const name of readdirSync(join(root, place), { recursive: true, encoding: 'utf8' })) {
        // Stories and tests may assert what a user reads; they answer nothing.
        if (!/\.tsx?$/.test(name) || /\.(test|stories)\.tsx?$/.test(name)) continue;
        const source = readFileSync(join(root, place, name), 'utf8');
        for (const text of texts) if (source.includes(text)) copies.push(`${place}/${name}: ${text}`);
      }
    }
    expect(copies).toEqual([]);
  });

  // The web app's translation files: the labels of a status or an action (the words the server's
  // reports and documents use) belong to the catalogue, which the web app reads (useValueLabels).
  it.each(LOCALES)('has no copy of the status or action labels in the %s translation files', (locale) => {
    const labels = valueLabels(locale);
    const copies: string[] = [];
    for (const file of readdirSync(join(LOCALE_DIR, locale)).filter((name) => name.endsWith('.json'))) {
      const tree = JSON.parse(readFileSync(join(LOCALE_DIR, locale, file), 'utf8')) as Tree;
      for (const [path, group] of groups(tree, `${locale}/${file}`)) {
        // Two labels of one kind side by side are a copy of the kind's labels (one word alone may be another thing's label).
        for (const [prefix, words] of labels) {
          const copied = Object.entries(group).filter(([, text]) => words.has(text));
          if (copied.length >= 2) copies.push(`${path}: ${copied.map(([key]) => key).join(', ')} copy ${prefix}`);
        }
      }
    }
    expect(copies).toEqual([]);
  });

  // A message of the catalogue (20 characters or more, placeholders written either way) copied word
  // for word into a translation file: the web app reads it from the contract instead (contractText).
  it.each(LOCALES)('has no copy of a catalogue message in the %s translation files', (locale) => {
    const messages = new Map(Object.entries(MESSAGES[locale]).map(([key, text]) => [text, key]));
    const copies: string[] = [];
    for (const file of readdirSync(join(LOCALE_DIR, locale)).filter((name) => name.endsWith('.json'))) {
      const tree = JSON.parse(readFileSync(join(LOCALE_DIR, locale, file), 'utf8')) as Tree;
      for (const [path, group] of groups(tree, `${locale}/${file}`)) {
        for (const [key, text] of Object.entries(group)) {
          const asCatalogue = text.replace(/\{\{(\w+)\}\}/g, '{$1}');
          if (asCatalogue.length >= 20 && messages.has(asCatalogue)) copies.push(`${path}.${key} copies ${messages.get(asCatalogue)}`);
        }
      }
    }
    expect(copies).toEqual([]);
  });
});
