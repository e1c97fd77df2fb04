import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
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
  opts: { id: string; format: string; filters: Record<string, unknown>; locale: Locale; onProgress: ExportProgress },
): Promise<{ file: string; attachment: string; rowCount: number }> {
  const { spec, columns } = report;
  const where = whereClause(listConds(spec, opts.filters));
  const order = orderBy(spec, opts.filters.sort);
  const total = await countList(ctx.db, spec, opts.filters, where);

  const dir = path.join(ctx.config.dataDir, 'exports');
  await privateDir(dir);
  const stamp = new Date().toISOString().slice(0, 10);
  const attachment = `${report.fileStem}-${stamp}-${opts.id.slice(0, 8)}.${opts.format}`;
  const file = path.join(dir, attachment);
  // Created 0600 first: the writers below reopen it and keep its mode.
  await privateFile(file);
  const headings = columns.map((c) => t(opts.locale, c.header));

  let addRow: (values: unknown[]) => Promise<void>;
  let finish: () => Promise<void>;
  if (opts.format === 'xlsx') {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
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
    const stream = fs.createWriteStream(file, { encoding: 'utf8' });
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
    // A half-written report must not be served later.
    await fsp.rm(file, { force: true });
    throw err;
  } finally {
    client.release();
  }
  await finish();
  return { file, attachment, rowCount: written };
}

/** The job: runs the export request `id` and records its outcome. */
export async function runExport(ctx: AppContext, reports: ReportRegistry, id: string): Promise<void> {
  const req = await ctx.db.selectFrom('exportRequests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!req || !req.inProgress) return;
  const locale: Locale = req.locale === 'et' ? 'et' : 'en';
  try {
    const report = reports[req.kind as keyof ReportRegistry];
    if (!report) throw new Error(`no report of kind "${req.kind}"`);
    const result = await writeReport(ctx, report, {
      id, format: req.format, filters: req.filters, locale,
      onProgress: async (progress) => {
        await ctx.db.updateTable('exportRequests').set({ progress, lastModifiedAt: new Date() }).where('id', '=', id).execute();
      },
    });
    await ctx.db.updateTable('exportRequests')
      .set({ inProgress: false, progress: 100, attachment: result.attachment, rowCount: result.rowCount, completeTimestamp: new Date(), lastModifiedAt: new Date() })
      .where('id', '=', id).execute();
  } catch (err) {
    // The requester reads a message in their language; what went wrong inside is for the log only
    // (it may name tables, columns or values that are none of their business).
    ctx.log.error({ err, exportRequest: id, kind: req.kind }, 'export failed');
    await ctx.db.updateTable('exportRequests')
      .set({ inProgress: false, failed: true, lastErrorMessage: t(locale, 'export.failed'), completeTimestamp: new Date(), lastModifiedAt: new Date() })
      .where('id', '=', id).execute();
  }
}
