import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { sql } from 'kysely';
import type { AppContext } from '../infra/context.js';
import { countList, listConds, orderBy, whereClause } from '../list/index.js';
import type { Locale } from '@timberlog/contract';
import { t } from '../http/i18n.js';
import type { ReportColumn, ReportDefinition, ReportRegistry } from './registry.js';
import { privateDir, privateFile } from '../infra/private-files.js';
import { NumberText, XLSX_MAX_ROWS, XlsxWriter, type XlsxCell } from './xlsx.js';
import { CopyRows, copyField, copyStatement } from './copy-rows.js';
import { DEFAULT_PROGRESS_TIMING, ProgressReporter, type ProgressTiming } from './progress.js';
import { LocalTime, parsePgDate, parsePgTimestamp, SERIAL_EPOCH_DAYS, spreadsheetSerial } from './local-time.js';

/** Rows per batch (fewer when that would be more than 5 % of the report). */
const FETCH_ROWS = 1000;
/** CSV text is handed to the file in pieces of about this many characters. */
const CSV_PIECE = 64 * 1024;
/** The data rows an XLSX sheet holds under its heading row. */
export const XLSX_MAX_DATA_ROWS = XLSX_MAX_ROWS - 1;

/** An export the requester can do something about: its message (a key and parameters) is for them. */
export class ExportRefused extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number>,
  ) {
    super(key);
  }
}

const NUMERIC = /^-?\d+(\.\d+)?$/;
const QUOTED = /[",\n\r;]/;

/**
 * How a CSV file is written for the requester's language, so that their spreadsheet program splits
 * it into columns and reads its numbers and dates: Estonian settings separate with `;` and write
 * decimals with a comma (`12,500`) and dates day first (`15.11.2026 01:42:21`); English ones `,`, a
 * decimal point and ISO dates (`2026-11-15 01:42:21`), which Excel reads as dates whatever the
 * region. Both start with the UTF-8 byte-order mark.
 */
export interface CsvDialect {
  separator: ',' | ';';
  decimalComma: boolean;
  /** A date from its ISO parts. */
  date: (year: string, month: string, day: string) => string;
}

export const CSV_DIALECTS: Readonly<Record<Locale, CsvDialect>> = {
  et: { separator: ';', decimalComma: true, date: (y, m, d) => `${d}.${m}.${y}` },
  en: { separator: ',', decimalComma: false, date: (y, m, d) => `${y}-${m}-${d}` },
};

/** The XLSX number formats of dates and timestamps in each language (the cells are dates either way). */
export const XLSX_DATE_FORMATS: Readonly<Record<Locale, { date: string; timestamp: string }>> = {
  et: { date: 'dd.mm.yyyy', timestamp: 'dd.mm.yyyy hh:mm:ss' },
  en: { date: 'dd/mm/yyyy', timestamp: 'dd/mm/yyyy hh:mm:ss' },
};

/** A decimal column's number format: `0.000` for three places. */
const decimalFormat = (places: number) => (places > 0 ? `0.${'0'.repeat(places)}` : '0');

/** Text for a CSV cell: guarded and quoted as needed. */
function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  // A number that is not negative has no character below to guard or quote.
  if (typeof v === 'number' && v >= 0) return String(v);
  const s = String(v);
  // A leading =, +, - or @ (or tab, CR) would make a spreadsheet run the cell as a formula.
  const c = s.charCodeAt(0);
  const safe = (c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13) && !NUMERIC.test(s) ? `'${s}` : s;
  return QUOTED.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A field's text as the app's type parsers make it (db.ts: timestamps as ISO strings, dates and decimals as text). */
function fieldParser(oid: number): (text: string) => unknown {
  return pg.types.getTypeParser(oid, 'text');
}

/** Where the rows go and in what form: each column's cell for an XLSX sheet, or its text in a CSV line. */
type Target = { format: 'xlsx' } | { format: 'csv'; dialect: CsvDialect };

const pad2 = (n: number) => (n < 10 ? '0' : '') + n;

/**
 * How one column's field text (as COPY writes it) becomes its cell: for XLSX numbers as numbers,
 * dates and timestamps as date serials (timestamps in the export's time zone, whole seconds),
 * coded values translated; for CSV the field's final text in the dialect.
 */
function cellReader(col: ReportColumn, oid: number, locale: Locale, target: Target, local: LocalTime): (text: string | null) => XlsxCell {
  const csv = target.format === 'csv' ? target.dialect : undefined;
  if (col.kind === 'number' || col.kind === 'decimal') {
    // A decimal's text (`12.500`) is the cell's value as it is; an integer is fast to write either way.
    if (!csv && col.kind === 'decimal') return (v) => (v === null ? null : NUMERIC.test(v) ? new NumberText(v) : Number(v));
    if (!csv) return (v) => (v === null ? null : Number(v));
    // PostgreSQL's text keeps a numeric's decimals (`12.500`); only the separator changes.
    if (csv.decimalComma) return (v) => (v === null ? '' : v.replace('.', ','));
    return (v) => (v === null ? '' : v);
  }
  if (col.kind === 'date') {
    if (!csv) {
      return (v) => {
        if (v === null) return null;
        const ms = parsePgDate(v);
        return Number.isNaN(ms) ? v : spreadsheetSerial(ms);
      };
    }
    return (v) => (v === null ? '' : v.length === 10 ? csv.date(v.slice(0, 4), v.slice(5, 7), v.slice(8, 10)) : csvCell(v));
  }
  if (col.kind === 'timestamp') {
    if (!csv) {
      // The serial's text from the day's number and the second's fraction of a day (kept per second).
      const fractions: string[] = [];
      return (v) => {
        if (v === null) return null;
        const ms = parsePgTimestamp(v);
        if (Number.isNaN(ms)) return v;
        const wall = local.wallClock(ms);
        const day = Math.floor(wall / 86_400_000);
        // Before 1899-12-30 the serial is negative: "-5" and ".5" would not add up.
        if (day + SERIAL_EPOCH_DAYS < 0) return spreadsheetSerial(wall);
        const second = (wall - day * 86_400_000) / 1000;
        let fraction = fractions[second];
        if (fraction === undefined) fractions[second] = fraction = second === 0 ? '' : String(second / 86_400).slice(1);
        return new NumberText(String(day + SERIAL_EPOCH_DAYS) + fraction);
      };
    }
    // The day's text is made once per day.
    const days = new Map<number, string>();
    return (v) => {
      if (v === null) return '';
      const ms = parsePgTimestamp(v);
      if (Number.isNaN(ms)) return csvCell(v);
      const wall = local.wallClock(ms);
      const day = Math.floor(wall / 86_400_000);
      let date = days.get(day);
      if (date === undefined) {
        const iso = new Date(day * 86_400_000).toISOString();
        if (days.size >= 10_000) days.clear();
        days.set(day, (date = csv.date(iso.slice(0, 4), iso.slice(5, 7), iso.slice(8, 10))));
      }
      const seconds = (wall - day * 86_400_000) / 1000;
      return `${date} ${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}`;
    };
  }
  const parse = fieldParser(oid);
  const out = csv ? csvCell : (s: string) => s;
  if (col.values) {
    const labels = new Map<string, string>();
    const prefix = col.values;
    return (v) => {
      if (v === null) return csv ? '' : null;
      let label = labels.get(v);
      if (label === undefined) labels.set(v, (label = out(t(locale, `${prefix}.${String(parse(v))}`))));
      return label;
    };
  }
  return (v) => {
    if (v === null) return csv ? '' : null;
    const value = parse(v);
    if (csv) return csvCell(value);
    return typeof value === 'string' || typeof value === 'number' ? value : String(value);
  };
}

export interface ExportProgress {
  (progress: number): Promise<void>;
}

/** A row as COPY sends it: its fields' text (see `copyField`), in the select list's order. */
type DbRow = string[];
/** A report column's cell of a row. */
type CellOf = (row: DbRow, column: number) => XlsxCell;

/** Where the rows go: the CSV or XLSX file. */
interface RowSink {
  write(rows: readonly DbRow[], cell: CellOf): Promise<void>;
  finish(): Promise<void>;
  destroy(): void;
}

/** Writes CSV lines; each cell is its final text already (see `cellReader`). */
function csvSink(out: fs.WriteStream, headings: readonly string[], dialect: CsvDialect): RowSink {
  const n = headings.length;
  const sep = dialect.separator;
  // The byte-order mark lets spreadsheet programs read the file as UTF-8 (õ, ä, ö, ü).
  let pending = '\ufeff' + headings.map(csvCell).join(sep) + '\r\n';
  const flush = async () => {
    const piece = pending;
    pending = '';
    if (!out.write(piece)) await drained(out);
  };
  return {
    async write(rows, cell) {
      for (const row of rows) {
        let line = cell(row, 0) as string;
        for (let i = 1; i < n; i++) line += sep + (cell(row, i) as string);
        pending += line + '\r\n';
        if (pending.length >= CSV_PIECE) await flush();
      }
      await flush();
    },
    async finish() {
      if (pending) await flush();
    },
    destroy() {},
  };
}

async function xlsxSink(
  out: fs.WriteStream,
  sheetName: string,
  headings: readonly string[],
  columns: readonly ReportColumn[],
  locale: Locale,
): Promise<RowSink> {
  const dates = XLSX_DATE_FORMATS[locale];
  const writer = await XlsxWriter.create(out, {
    sheetName,
    columns: columns.map((c, i) => ({
      header: headings[i]!,
      // Wide enough for the heading (bold, with the autofilter's button) and the column's dates.
      width: Math.max(c.width ?? 14, Math.ceil(headings[i]!.length * 1.1) + 3, c.kind === 'timestamp' ? 20 : c.kind === 'date' ? 12 : 0),
      numberFormat:
        c.kind === 'date'
          ? dates.date
          : c.kind === 'timestamp'
            ? dates.timestamp
            : c.kind === 'decimal'
              ? decimalFormat(c.decimals ?? 2)
              : undefined,
    })),
  });
  return {
    write: (rows, cell) => writer.addRows(rows, cell),
    finish: () => writer.finish(),
    destroy: () => writer.destroy(),
  };
}

/** Resolves when `out` can take more, or rejects when it failed. */
function drained(out: fs.WriteStream): Promise<void> {
  if (out.errored) return Promise.reject(out.errored);
  return once(out, 'drain').then(() => undefined);
}

/** Writes one report file from its rows as the database streams them (COPY), in batches. */
export async function writeReport(
  ctx: AppContext,
  report: ReportDefinition,
  opts: {
    id: string;
    format: string;
    filters: Record<string, unknown>;
    locale: Locale;
    onProgress: ExportProgress;
    /** When the export was requested: dates the file name, so every attempt writes the same file. */
    requestedAt?: string | Date;
    /** Stops the writing when aborted (between batches, or while the database prepares the rows). */
    signal?: AbortSignal;
    /** How often progress is reported (tests). */
    progressTiming?: Partial<ProgressTiming>;
    /** Rows per batch at most (tests). */
    batchRows?: number;
    /** The time zone timestamps are written in (tests); the server's EXPORT_TIME_ZONE otherwise. */
    timeZone?: string;
  },
): Promise<{ file: string; attachment: string; rowCount: number }> {
  const { spec, columns } = report;
  const xlsx = opts.format === 'xlsx';
  const where = whereClause(listConds(spec, opts.filters));
  const order = orderBy(spec, opts.filters.sort);
  const progress = new ProgressReporter(opts.onProgress, { ...DEFAULT_PROGRESS_TIMING, ...opts.progressTiming });
  let out: fs.WriteStream | undefined;
  let sink: RowSink | undefined;
  let part: string | undefined;
  let client: pg.PoolClient | undefined;
  let copy: CopyRows | undefined;
  try {
    const total = await countList(ctx.db, spec, opts.filters, where);
    if (xlsx && total > XLSX_MAX_DATA_ROWS) throw tooManyRows(total, opts.locale);

    const dir = path.join(ctx.config.dataDir, 'exports');
    await privateDir(dir);
    // The day the report was asked for where the office is (the times in it are written there too),
    // and the name in the requester's language.
    const stamp = new Intl.DateTimeFormat('en-CA', { timeZone: opts.timeZone ?? ctx.config.exportTimeZone }).format(
      new Date(opts.requestedAt ?? Date.now()),
    );
    const attachment = `${report.fileStem[opts.locale]}-${stamp}-${opts.id.slice(0, 8)}.${opts.format}`;
    const file = path.join(dir, attachment);
    // The rows go to a part file that replaces the report in one step when it is complete, so the
    // report is never seen half-written, and an attempt that was given up and a retry never write
    // into one file. A part file left by an attempt whose process died goes now.
    for (const name of await fsp.readdir(dir)) {
      if (name.startsWith(`${attachment}.`) && name.endsWith('.part')) await fsp.rm(path.join(dir, name), { force: true });
    }
    part = `${file}.${randomUUID().slice(0, 8)}.part`;
    // Created 0600 first: the stream below reopens it and keeps its mode.
    await privateFile(part);
    out = fs.createWriteStream(part, { highWaterMark: 1024 * 1024 });
    // A write error (a full disk) fails the next wait for the stream, not the process.
    out.on('error', () => undefined);
    const headings = columns.map((c) => t(opts.locale, c.header));
    const target: Target = xlsx ? { format: 'xlsx' } : { format: 'csv', dialect: CSV_DIALECTS[opts.locale] };
    sink = xlsx
      ? await xlsxSink(out, t(opts.locale, report.sheet), headings, columns, opts.locale)
      : csvSink(out, headings, target.format === 'csv' ? target.dialect : CSV_DIALECTS.en);

    // Each batch is at most 5 % of the rows, so progress can move in steps of 5 % or less.
    const batch = Math.max(1, Math.min(opts.batchRows ?? FETCH_ROWS, Math.floor(total / 20)));
    client = await ctx.pool.connect();
    let written = 0;
    await client.query('BEGIN READ ONLY');
    const source = spec.bulk ?? spec;
    const query = sql`SELECT ${source.select} FROM ${source.from} ${where} ORDER BY ${order}`;
    const compiled = query.compile(ctx.db);
    // The select list's names and types (COPY sends none): where each column is and how to read it.
    const probe = await client.query({ text: `${compiled.sql} LIMIT 0`, values: compiled.parameters as unknown[], rowMode: 'array' });
    const cell = cellsOf(report, probe.fields, opts.locale, target, new LocalTime(opts.timeZone ?? ctx.config.exportTimeZone));
    copy = new CopyRows(client, await copyStatement(client, ctx.db, query), batch);
    for (;;) {
      const rows = await copy.next(opts.signal);
      if (rows.length === 0) break;
      if (xlsx && written + rows.length > XLSX_MAX_DATA_ROWS) throw tooManyRows(written + rows.length, opts.locale);
      await sink.write(rows, cell);
      written += rows.length;
      await progress.update(total === 0 ? 99 : Math.min(99, Math.floor((written / total) * 100)));
    }
    await client.query('COMMIT');
    client.release();
    client = undefined;
    await sink.finish();
    out.end();
    await finished(out);
    await progress.stop();
    await fsp.rename(part, file);
    return { file, attachment, rowCount: written };
  } catch (err) {
    if (client && copy && !copy.done) {
      // Nothing stops a COPY midway but closing its connection (the pool does, given an error).
      client.release(err instanceof Error ? err : new Error(String(err)));
    } else if (client) {
      const broken = await client.query('ROLLBACK').then(
        () => undefined,
        (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
      );
      // A connection that cannot even roll back is closed, not handed to the next caller.
      client.release(broken);
    }
    sink?.destroy();
    out?.destroy();
    await progress.stop().catch(() => undefined);
    if (part) await fsp.rm(part, { force: true });
    throw err;
  }
}

function cellsOf(
  report: ReportDefinition,
  fields: readonly { name: string; dataTypeID: number }[],
  locale: Locale,
  target: Target,
  local: LocalTime,
): CellOf {
  const at = report.columns.map((c) => {
    const i = fields.findIndex((f) => f.name === c.key);
    if (i < 0) throw new Error(`report ${report.kind}: the query has no column "${c.key}"`);
    return i;
  });
  const readers = report.columns.map((c, i) => cellReader(c, fields[at[i]!]!.dataTypeID, locale, target, local));
  return (row, column) => readers[column]!(copyField(row[at[column]!]));
}

function tooManyRows(count: number, locale: Locale): ExportRefused {
  const n = (x: number) => x.toLocaleString(locale === 'et' ? 'et-EE' : 'en-US');
  return new ExportRefused('export.tooManyRows', { count: n(count), limit: n(XLSX_MAX_DATA_ROWS) });
}

export interface ExportAttempt {
  /** Aborted when the job queue gives this attempt up (its expiry): the writing stops. */
  signal?: AbortSignal;
  /** No retry follows this attempt: when it is given up, the export has failed. */
  final?: boolean;
  /** Which attempt this is (0: the first), for the log. */
  attempt?: number;
}

/**
 * The job: runs the export request `id` and records its outcome. Safe to run again for the same
 * request (a retry after its server died): a finished request is left alone, and an unfinished one
 * starts over, progress from 0 and its one file rewritten whole. Only the first attempt to finish
 * records the outcome.
 */
export async function runExport(ctx: AppContext, reports: ReportRegistry, id: string, run: ExportAttempt = {}): Promise<void> {
  const req = await ctx.db.selectFrom('exportRequests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!req || !req.inProgress) return;
  const locale: Locale = req.locale === 'et' ? 'et' : 'en';
  const unfinished = () => ctx.db.updateTable('exportRequests').where('id', '=', id).where('inProgress', '=', true);
  ctx.log.info({ exportRequest: id, kind: req.kind, attempt: run.attempt ?? 0 }, 'export started');
  try {
    if (req.progress !== 0) await unfinished().set({ progress: 0, lastModifiedAt: new Date() }).execute();
    const report = reports[req.kind as keyof ReportRegistry];
    if (!report) throw new Error(`no report of kind "${req.kind}"`);
    const result = await writeReport(ctx, report, {
      id,
      format: req.format,
      filters: req.filters,
      locale,
      requestedAt: req.createdAt,
      signal: run.signal,
      onProgress: async (progress) => {
        await unfinished().set({ progress, lastModifiedAt: new Date() }).execute();
      },
    });
    const done = await unfinished()
      .set({
        inProgress: false,
        progress: 100,
        attachment: result.attachment,
        rowCount: result.rowCount,
        completeTimestamp: new Date(),
        lastModifiedAt: new Date(),
      })
      .executeTakeFirst();
    if (done.numUpdatedRows > 0n)
      ctx.log.info({ exportRequest: id, rowCount: result.rowCount, attempt: run.attempt ?? 0 }, 'export finished');
  } catch (err) {
    if (run.signal?.aborted && !run.final) {
      // Given up by the queue, which retries it (here or on another instance).
      ctx.log.warn({ exportRequest: id, attempt: run.attempt ?? 0 }, 'export attempt given up; it will be retried');
      throw err;
    }
    // The requester reads a message in their language; what went wrong inside is for the log only
    // (it may name tables, columns or values that are none of their business), unless it is
    // something they can change (too many rows for the format).
    const refused = err instanceof ExportRefused;
    if (refused) ctx.log.warn({ exportRequest: id, kind: req.kind, refused: err.key, ...err.params }, 'export refused');
    else ctx.log.error({ err, exportRequest: id, kind: req.kind }, 'export failed');
    const message = refused ? t(locale, err.key, err.params) : t(locale, 'export.failed');
    await unfinished()
      .set({ inProgress: false, failed: true, lastErrorMessage: message, completeTimestamp: new Date(), lastModifiedAt: new Date() })
      .execute();
  }
}
