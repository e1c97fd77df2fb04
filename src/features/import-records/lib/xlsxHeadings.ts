/**
 * The heading row of an XLSX workbook, read in the browser as the server reads it: the first
 * worksheet as the workbook lists it, its first row with any cell filled, each cell at its column
 * (A is 0; a column left out is an empty heading), shared and inline strings. The archive is read
 * with fflate's streaming unzip (as the server's limits check reads it); each sheet is inflated
 * only up to its first filled row. Loaded with the import dialog's reading of an XLSX file alone.
 */

import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';

type Bytes = Uint8Array<ArrayBuffer>;

/** Compressed input given to the reader at a time: reading stops once the heading row is found. */
const PIECE = 16 * 1024;

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const isSheet = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/.test(name);
const isStrings = (name: string) => /^xl\/[^/]*sharedStrings[^/]*\.xml$/i.test(name);

/**
 * The parts of the archive the heading row needs, read with fflate's streaming unzip: the
 * workbook and its relationships and the shared strings whole, each worksheet only until its first
 * filled row (`sheetDone`). Null when the bytes are no ZIP archive fflate can read.
 */
function unpack(bytes: Bytes, sheetDone: (text: string) => boolean): Map<string, string> | null {
  const texts = new Map<string, string>();
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  let broken = false;
  let seen = false;
  unzip.onfile = (file) => {
    seen = true;
    const name = file.name;
    const sheet = isSheet(name);
    if (!sheet && name !== WORKBOOK && name !== WORKBOOK_RELS && !isStrings(name)) return;
    const decoder = new TextDecoder();
    let text = '';
    file.ondata = (error, data, final) => {
      if (error) {
        broken = true;
        return;
      }
      text += decoder.decode(data, { stream: !final });
      texts.set(name, text);
      // A worksheet past its heading row: the rest of it is not inflated.
      if (sheet && !final && sheetDone(text)) file.terminate();
    };
    file.start();
  };
  try {
    for (let at = 0; at < bytes.length; at += PIECE) {
      const end = Math.min(at + PIECE, bytes.length);
      unzip.push(bytes.subarray(at, end), end === bytes.length);
    }
  } catch {
    return null;
  }
  return broken || !seen ? null : texts;
}

const parse = (xml: string): Document | null => {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  return doc.getElementsByTagName('parsererror').length > 0 ? null : doc;
};

/** Elements by their local name, whatever their namespace prefix. */
const byName = (node: Document | Element, name: string): Element[] =>
  Array.from(node.getElementsByTagNameNS('*', name)).filter((element) => element.localName === name);

/** A string item's text: its runs' text (`t`), phonetic runs left out. */
const itemText = (item: Element): string =>
  byName(item, 't')
    .filter((t) => t.parentElement?.localName !== 'rPh')
    .map((t) => t.textContent ?? '')
    .join('');

/** A path inside the archive from a relationship's target, relative to `base` (`xl/`) unless absolute. */
const resolvePath = (base: string, target: string): string => {
  const parts = (target.startsWith('/') ? target.slice(1) : base + target).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.') out.push(part);
  }
  return out.join('/');
};

/** The first worksheet's path and the shared strings' path, by the workbook and its relationships. */
function parts(texts: Map<string, string>) {
  const fallback = { sheet: 'xl/worksheets/sheet1.xml', strings: 'xl/sharedStrings.xml' };
  const workbookXml = texts.get(WORKBOOK);
  const relsXml = texts.get(WORKBOOK_RELS);
  const workbook = workbookXml === undefined ? null : parse(workbookXml);
  const rels = relsXml === undefined ? null : parse(relsXml);
  if (!workbook || !rels) return fallback;
  const relations = byName(rels, 'Relationship');
  const first = byName(workbook, 'sheet')[0];
  const id = first && Array.from(first.attributes).find((attr) => attr.localName === 'id' && attr.prefix !== null)?.value;
  const sheetTarget = relations.find((rel) => rel.getAttribute('Id') === id)?.getAttribute('Target');
  const stringsTarget = relations.find((rel) => /\/sharedStrings$/.test(rel.getAttribute('Type') ?? ''))?.getAttribute('Target');
  return {
    sheet: sheetTarget ? resolvePath('xl/', sheetTarget) : fallback.sheet,
    strings: stringsTarget ? resolvePath('xl/', stringsTarget) : fallback.strings,
  };
}

/** A column's index from a cell reference (`B7` is 1), or undefined. */
const columnOf = (ref: string | null): number | undefined => {
  const letters = ref && /^([A-Z]+)\d*$/i.exec(ref)?.[1];
  if (!letters) return undefined;
  return [...letters.toUpperCase()].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0) - 1;
};

/** A row's cells by column (`shared` gives a shared string's text); `filled` when any holds text or a formula. */
function rowCells(row: Element, shared: (index: number) => string): { cells: string[]; filled: boolean } {
  const cells: string[] = [];
  let filled = false;
  let next = 0;
  for (const cell of Array.from(row.children).filter((child) => child.localName === 'c')) {
    const column = columnOf(cell.getAttribute('r')) ?? next;
    next = column + 1;
    const type = cell.getAttribute('t');
    const value = byName(cell, 'v')[0]?.textContent ?? '';
    const text =
      type === 'inlineStr'
        ? byName(cell, 'is').map(itemText).join('')
        : type === 's'
          ? value.trim() === ''
            ? ''
            : shared(Number(value))
          : value;
    if (text.trim() !== '' || byName(cell, 'f').length > 0) filled = true;
    while (cells.length < column) cells.push('');
    cells[column] = text;
  }
  return { cells, filled };
}

/** The first filled row in the sheet's text so far: found (its cells), none in whole rows yet, or the text is not a sheet. */
function firstRow(xml: string, shared: (index: number) => string): string[] | null | undefined {
  const rows = /<((?:[\w.-]+:)?row)\b[^>]*?(?:\/>|>[\s\S]*?<\/\1>)/g;
  const namespace = /<(?:[\w.-]+:)?worksheet\b[^>]*>/.exec(xml)?.[0];
  if (!namespace) return undefined;
  // The row is parsed alone, in the worksheet element's namespaces.
  const open = namespace.replace(/\/>$/, '>');
  const close = `</${/^<([\w.:-]+)/.exec(open)?.[1] ?? 'worksheet'}>`;
  for (const match of xml.matchAll(rows)) {
    const doc = parse(`${open}${match[0]}${close}`);
    const row = doc && byName(doc, 'row')[0];
    if (!row) return null;
    const { cells, filled } = rowCells(row, shared);
    if (filled) {
      const last = cells.findLastIndex((text) => text.trim() !== '');
      return cells.slice(0, last + 1);
    }
  }
  return undefined;
}

/** The headings of an XLSX file's first worksheet (its first filled row), or null when it cannot be read here. */
export function readXlsxHeadings(data: ArrayBuffer | Bytes): string[] | null {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  // While unpacking, a shared string counts as filled: the row is read again below with the real ones.
  const texts = unpack(bytes, (text) => firstRow(text, () => 'x') !== undefined);
  if (!texts) return null;
  const { sheet, strings } = parts(texts);
  const sheetXml = texts.get(sheet);
  if (sheetXml === undefined) return null;
  let sharedItems: string[] | null = null;
  const shared = (index: number): string => {
    if (sharedItems === null) {
      const sharedXml = texts.get(strings);
      const doc = sharedXml ? parse(sharedXml) : null;
      sharedItems = doc ? byName(doc, 'si').map(itemText) : [];
    }
    return sharedItems[index] ?? '';
  };
  return firstRow(sheetXml, shared) ?? null;
}
