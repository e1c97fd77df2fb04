import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { AppContext } from '../shared/context.js';
import { orderBy, sharedConds, whereClause, type ListSpec } from '../shared/list.js';
import type { Locale } from '@timberlog/contract';
import { t } from '../shared/i18n.js';
import { waybillConds, waybillSpec, type WaybillFilters } from '../waybills/queries.js';
import { worklogConds, worklogSpec, type WorklogFilters } from '../worklogs/queries.js';

interface Column {
  key: string;
  en: string;
  et: string;
  width?: number;
  kind?: 'number' | 'decimal' | 'date' | 'timestamp';
}

const WAYBILL_COLUMNS: Column[] = [
  { key: 'number', en: 'Number', et: 'Number', width: 16 },
  { key: 'status', en: 'Status', et: 'Olek', width: 12 },
  { key: 'transportDate', en: 'Transport date', et: 'Veo kuupäev', width: 13, kind: 'date' },
  { key: 'origin', en: 'Origin', et: 'Lähtekoht', width: 12 },
  { key: 'originName', en: 'Origin name', et: 'Lähtekoha nimi', width: 28 },
  { key: 'destination', en: 'Destination', et: 'Sihtkoht', width: 12 },
  { key: 'destinationName', en: 'Destination name', et: 'Sihtkoha nimi', width: 28 },
  { key: 'destinationCompany', en: 'Destination company', et: 'Saaja ettevõte', width: 12 },
  { key: 'destinationCompanyName', en: 'Destination company name', et: 'Saaja ettevõtte nimi', width: 28 },
  { key: 'driverName', en: 'Driver', et: 'Juht', width: 20 },
  { key: 'vehicleNumber', en: 'Vehicle', et: 'Sõiduk', width: 12 },
  { key: 'mileage', en: 'Mileage (km)', et: 'Läbisõit (km)', width: 10, kind: 'number' },
  { key: 'assortment', en: 'Assortment', et: 'Sortiment', width: 14 },
  { key: 'assortmentName', en: 'Assortment name', et: 'Sortimendi nimi', width: 24 },
  { key: 'quantity', en: 'Quantity', et: 'Kogus', width: 10, kind: 'decimal' },
  { key: 'unit', en: 'Unit', et: 'Ühik', width: 6 },
  { key: 'invoice', en: 'Invoice', et: 'Arve', width: 16 },
  { key: 'notes', en: 'Notes', et: 'Märkused', width: 30 },
  { key: 'createdAt', en: 'Created at', et: 'Loodud', width: 22, kind: 'timestamp' },
];

const WORKLOG_COLUMNS: Column[] = [
  { key: 'number', en: 'Number', et: 'Number', width: 16 },
  { key: 'timestamp', en: 'Time', et: 'Aeg', width: 22, kind: 'timestamp' },
  { key: 'action', en: 'Action', et: 'Tegevus', width: 12 },
  { key: 'warehouseName', en: 'Warehouse', et: 'Ladu', width: 28 },
  { key: 'warehouseCompany', en: 'Warehouse company', et: 'Lao ettevõte', width: 12 },
  { key: 'warehouseCompanyName', en: 'Warehouse company name', et: 'Lao ettevõtte nimi', width: 28 },
  { key: 'workerName', en: 'Worker', et: 'Töötaja', width: 20 },
  { key: 'assortment', en: 'Assortment', et: 'Sortiment', width: 14 },
  { key: 'quantity', en: 'Quantity', et: 'Kogus', width: 10, kind: 'decimal' },
  { key: 'waybill', en: 'Waybill', et: 'Veoseleht', width: 16 },
  { key: 'durationMinutes', en: 'Duration (min)', et: 'Kestus (min)', width: 10, kind: 'number' },
  { key: 'notes', en: 'Notes', et: 'Märkused', width: 30 },
];

const VALUE_LABELS: Record<Locale, Record<string, string>> = {
  en: {},
  et: {
    draft: 'mustand', confirmed: 'kinnitatud', delivered: 'kohale toimetatud', invoiced: 'arveldatud', cancelled: 'tühistatud',
    arrival: 'saabumine', loading: 'laadimine', unloading: 'mahalaadimine', measuring: 'mõõtmine', sorting: 'sorteerimine', departure: 'lahkumine',
  },
};
const SHEET_NAME: Record<string, Record<Locale, string>> = {
  waybill_report: { en: 'Waybills', et: 'Veoselehed' },
  worklog_report: { en: 'Worklogs', et: 'Töölogid' },
};

const MAX_BATCH = 2000;

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  // A leading =, +, - or @ would make a spreadsheet run the cell as a formula.
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function cellValue(col: Column, v: unknown, locale: Locale): unknown {
  if (v === null || v === undefined) return null;
  if (col.kind === 'number') return Number(v);
  if (col.kind === 'decimal') return Number(v);
  if (col.key === 'status' || col.key === 'action') return VALUE_LABELS[locale][String(v)] ?? v;
  return v;
}

export interface ExportProgress {
  (progress: number): Promise<void>;
}

/** Writes one report file by reading rows through a server-side cursor, in batches. */
export async function writeReport(
  ctx: AppContext,
  opts: { id: string; kind: string; format: string; filters: Record<string, unknown>; locale: Locale; onProgress: ExportProgress },
): Promise<{ file: string; attachment: string; rowCount: number }> {
  const isWaybill = opts.kind === 'waybill_report';
  const spec: ListSpec = isWaybill ? waybillSpec : worklogSpec;
  const columns = isWaybill ? WAYBILL_COLUMNS : WORKLOG_COLUMNS;
  const conds = [...sharedConds(spec, opts.filters), ...(isWaybill ? waybillConds(opts.filters as WaybillFilters) : worklogConds(opts.filters as WorklogFilters))];
  const where = whereClause(conds);
  const order = orderBy(spec, opts.filters.sort as string | undefined);
  const total = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${spec.from} ${where}`.execute(ctx.db)).rows[0]!.n);

  const dir = path.join(ctx.config.dataDir, 'exports');
  await fsp.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().slice(0, 10);
  const attachment = `${isWaybill ? 'waybills' : 'worklogs'}-${stamp}-${opts.id.slice(0, 8)}.${opts.format}`;
  const file = path.join(dir, attachment);
  const headings = columns.map((c) => c[opts.locale]);

  let addRow: (values: unknown[]) => Promise<void>;
  let finish: () => Promise<void>;
  if (opts.format === 'xlsx') {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(SHEET_NAME[opts.kind]![opts.locale], { views: [{ state: 'frozen', ySplit: 1 }] });
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
    const compiled = sql`SELECT ${spec.select} FROM ${spec.from} ${where} ORDER BY ${order}`.compile(ctx.db);
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

export function exportFailureMessage(locale: Locale, err: unknown): string {
  const detail = err instanceof Error ? err.message : String(err);
  return `${t(locale, 'export.failedGeneric')} ${detail}`.slice(0, 1000);
}

/** The job: runs the export request `id` and records its outcome. */
export async function runExport(ctx: AppContext, id: string): Promise<void> {
  const req = await ctx.db.selectFrom('exportRequests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!req || !req.inProgress) return;
  const locale = (req.locale === 'et' ? 'et' : 'en') as Locale;
  try {
    const result = await writeReport(ctx, {
      id, kind: req.kind, format: req.format, filters: req.filters, locale,
      onProgress: async (progress) => {
        await ctx.db.updateTable('exportRequests').set({ progress, lastModifiedAt: new Date() }).where('id', '=', id).execute();
      },
    });
    await ctx.db.updateTable('exportRequests')
      .set({ inProgress: false, progress: 100, attachment: result.attachment, rowCount: result.rowCount, completeTimestamp: new Date(), lastModifiedAt: new Date() })
      .where('id', '=', id).execute();
  } catch (err) {
    await ctx.db.updateTable('exportRequests')
      .set({ inProgress: false, failed: true, lastErrorMessage: exportFailureMessage(locale, err), completeTimestamp: new Date(), lastModifiedAt: new Date() })
      .where('id', '=', id).execute();
  }
}
