/**
 * The heading row of an XLSX workbook, read in the browser as the server reads it: the first
 * worksheet as the workbook lists it, its first row with any cell filled, each cell at its column
 * (A is 0; a column left out is an empty heading), shared and inline strings. The archive is read
 * with a small ZIP reader and the platform's DecompressionStream('deflate-raw'); the sheet is
 * inflated only up to that row. Loaded with the import dialog's reading of an XLSX file alone.
 */

type Bytes = Uint8Array<ArrayBuffer>;

const LOCAL_FILE = 0x04034b50;
const CENTRAL_FILE = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;

interface Entry {
  readonly method: number;
  readonly size: number;
  readonly offset: number;
}

/** The archive's entries by name, from its central directory (null: no ZIP archive). */
function entries(bytes: Bytes): Map<string, Entry> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  // The end record is the last 22 bytes, or further back by a comment of at most 65535 bytes.
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--)
    if (view.getUint32(i, true) === END_OF_CENTRAL) {
      end = i;
      break;
    }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const found = new Map<string, Entry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_FILE) return null;
    const nameLength = view.getUint16(at + 28, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    found.set(name, { method: view.getUint16(at + 10, true), size: view.getUint32(at + 20, true), offset: view.getUint32(at + 42, true) });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return found;
}

/** An entry's bytes as stored (compressed or not), past its local header. */
function stored(bytes: Bytes, entry: Entry): Bytes | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (entry.offset + 30 > bytes.length || view.getUint32(entry.offset, true) !== LOCAL_FILE) return null;
  const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
  return bytes.subarray(start, start + entry.size);
}

/**
 * An entry's text, inflated chunk by chunk until `enough` says the text so far suffices (the rest
 * is not inflated); null when it cannot be read.
 */
async function entryText(bytes: Bytes, entry: Entry | undefined, enough: (text: string) => boolean = () => false) {
  const data = entry && stored(bytes, entry);
  if (!data) return null;
  const decoder = new TextDecoder();
  if (entry.method === 0) return decoder.decode(data);
  if (entry.method !== 8 || typeof DecompressionStream === 'undefined') return null;
  const input = new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(data);
      controller.close();
    },
  });
  const reader = input.pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (enough(text)) {
        await reader.cancel();
        return text;
      }
    }
  } catch {
    return null;
  }
  return text + decoder.decode();
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
async function parts(bytes: Bytes, files: Map<string, Entry>) {
  const fallback = { sheet: 'xl/worksheets/sheet1.xml', strings: 'xl/sharedStrings.xml' };
  const workbookXml = await entryText(bytes, files.get('xl/workbook.xml'));
  const relsXml = await entryText(bytes, files.get('xl/_rels/workbook.xml.rels'));
  const workbook = workbookXml === null ? null : parse(workbookXml);
  const rels = relsXml === null ? null : parse(relsXml);
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
export async function readXlsxHeadings(data: ArrayBuffer | Bytes): Promise<string[] | null> {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const files = entries(bytes);
  if (!files) return null;
  const { sheet, strings } = await parts(bytes, files);
  let sharedItems: string[] | null = null;
  const sharedXml = files.has(strings) ? await entryText(bytes, files.get(strings)) : '';
  const shared = (index: number): string => {
    if (sharedItems === null) {
      const doc = sharedXml ? parse(sharedXml) : null;
      sharedItems = doc ? byName(doc, 'si').map(itemText) : [];
    }
    return sharedItems[index] ?? '';
  };
  let found: string[] | null | undefined;
  const text = await entryText(bytes, files.get(sheet), (so) => {
    found = firstRow(so, shared);
    return found !== undefined;
  });
  if (text === null) return null;
  if (found === undefined) found = firstRow(text, shared);
  return found ?? null;
}
