import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { AppContext } from '../shared/context.js';
import { countList, listConds, orderBy, whereClause } from '../shared/list.js';
import type { Locale } from '@timberlog/contract';
import { t } from '../shared/i18n.js';
import type { ReportColumn, ReportDefinition, ReportRegistry } from './registry.js';
import { privateDir, privateFile } from '../shared/private-files.js';

const MAX_BATCH = 2000;

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  // A leading =, +, - or @ would make a spreadsheet run the cell as a formula.
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function cellValue(col: ReportColumn, v: unknown, locale: Locale): unknown {
  if (v === null || v === undefined) return null;
  if (col.kind === 'number' || col.kind === 'decimal') return Number(v);
  if (col.values) return t(locale, `${col.values}.${String(v)}`);
  return v;
}

export interface ExportProgress {
  (progress: number): Promise<void>;
}

/** Writes one report file by reading rows through a server-side cursor, in batches. */
export async function writeReport(
  ctx: AppContext,
  report: ReportDefinition,
  opts: {
    id: string; format: string; filters: Record<string, unknown>; locale: Locale; onProgress: ExportProgress;
    /** When the export was requested: dates the file name, so every attempt writes the same file. */
    requestedAt?: string | Date;
    /** Stops the writing (between batches) when aborted. */
    signal?: AbortSignal;
  },
): Promise<{ file: string; attachment: string; rowCount: number }> {
  const { spec, columns } = report;
  const where = whereClause(listConds(spec, opts.filters));
  const order = orderBy(spec, opts.filters.sort);
  const total = await countList(ctx.db, spec, opts.filters, where);

  const dir = path.join(ctx.config.dataDir, 'exports');
  await privateDir(dir);
  const stamp = new Date(opts.requestedAt ?? Date.now()).toISOString().slice(0, 10);
  const attachment = `${report.fileStem}-${stamp}-${opts.id.slice(0, 8)}.${opts.format}`;
  const file = path.join(dir, attachment);
  // The rows go to a part file that replaces the report in one step when it is complete, so the
  // report is never seen half-written, and an attempt that was given up and a retry never write
  // into one file. A part file left by an attempt whose process died goes now.
  for (const name of await fsp.readdir(dir)) {
    if (name.startsWith(`${attachment}.`) && name.endsWith('.part')) await fsp.rm(path.join(dir, name), { force: true });
  }
  const part = `${file}.${randomUUID().slice(0, 8)}.part`;
  // Created 0600 first: the writers below reopen it and keep its mode.
  await privateFile(part);
  const headings = columns.map((c) => t(opts.locale, c.header));

  let addRow: (values: unknown[]) => Promise<void>;
  let finish: () => Promise<void>;
  if (opts.format === 'xlsx') {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: part, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(t(opts.locale, report.sheet), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c, i) => ({ header: headings[i], key: c.key, width: c.width ?? 14 }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    addRow = async (values) => {
      sheet.addRow(values).commit();
    };
    finish = async () => {
      sheet.commit();
      await workbook.commit();
    };
  } else {
    const stream = fs.createWriteStream(part, { encoding: 'utf8' });
    // The byte-order mark lets spreadsheet programs read the file as UTF-8 (õ, ä, ö, ü).
    stream.write('\ufeff' + headings.map(csvCell).join(',') + '\r\n');
    addRow = async (values) => {
      if (!stream.write(values.map(csvCell).join(',') + '\r\n')) await once(stream, 'drain');
    };
    finish = async () => {
      stream.end();
      await once(stream, 'finish');
    };
  }

  // Each batch is at most 5 % of the rows, so progress moves in steps of 5 % or less.
  const batch = Math.max(1, Math.min(MAX_BATCH, Math.floor(total / 20)));
  const client = await ctx.pool.connect();
  let written = 0;
  let lastReported = 0;
  try {
    await client.query('BEGIN READ ONLY');
    const source = spec.bulk ?? spec;
    const compiled = sql`SELECT ${source.select} FROM ${source.from} ${where} ORDER BY ${order}`.compile(ctx.db);
    await client.query(`DECLARE report_cursor NO SCROLL CURSOR FOR ${compiled.sql}`, compiled.parameters as unknown[]);
    for (;;) {
      opts.signal?.throwIfAborted();
      const rows = await client.query(`FETCH ${batch} FROM report_cursor`);
      if (rows.rows.length === 0) break;
      for (const row of rows.rows as Record<string, unknown>[]) {
        await addRow(columns.map((c) => cellValue(c, row[c.key], opts.locale)));
      }
      written += rows.rows.length;
      const progress = total === 0 ? 99 : Math.min(99, Math.floor((written / total) * 100));
      if (progress > lastReported) {
        lastReported = progress;
        await opts.onProgress(progress);
      }
    }
    await client.query('CLOSE report_cursor');
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    await finish().catch(() => undefined);
    await fsp.rm(part, { force: true });
    throw err;
  } finally {
    client.release();
  }
  try {
    await finish();
    await fsp.rename(part, file);
  } catch (err) {
    await fsp.rm(part, { force: true });
    throw err;
  }
  return { file, attachment, rowCount: written };
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
      id, format: req.format, filters: req.filters, locale, requestedAt: req.createdAt, signal: run.signal,
      onProgress: async (progress) => {
        await unfinished().set({ progress, lastModifiedAt: new Date() }).execute();
      },
    });
    const done = await unfinished()
      .set({ inProgress: false, progress: 100, attachment: result.attachment, rowCount: result.rowCount, completeTimestamp: new Date(), lastModifiedAt: new Date() })
      .executeTakeFirst();
    if (done.numUpdatedRows > 0n) ctx.log.info({ exportRequest: id, rowCount: result.rowCount, attempt: run.attempt ?? 0 }, 'export finished');
  } catch (err) {
    if (run.signal?.aborted && !run.final) {
      // Given up by the queue, which retries it (here or on another instance).
      ctx.log.warn({ exportRequest: id, attempt: run.attempt ?? 0 }, 'export attempt given up; it will be retried');
      throw err;
    }
    // The requester reads a message in their language; what went wrong inside is for the log only
    // (it may name tables, columns or values that are none of their business).
    ctx.log.error({ err, exportRequest: id, kind: req.kind }, 'export failed');
    await unfinished()
      .set({ inProgress: false, failed: true, lastErrorMessage: t(locale, 'export.failed'), completeTimestamp: new Date(), lastModifiedAt: new Date() })
      .execute();
  }
}
