import { sql } from 'kysely';
import { DOCUMENT_NUMBER, WORKLOG_IMPORT_COLUMNS, documentNumber, wallClockInstant, type WorklogAction } from '@timberlog/contract';
import type { App } from '../infra/context.js';
import { importRoutes, type ImportSpec } from '../imports/importer.js';
import { checkFields, ensureWorker, loadWorklogRefs, newWorklogRow, touchWorkers, type WorklogFields } from './routes.js';

type Checked = WorklogFields & { company?: string };

/**
 * Worklogs from a spreadsheet (the import itself: imports/importer.ts), with the columns the
 * worklog export writes, so an exported file imports again: its time is read in the export's time
 * zone (EXPORT_TIME_ZONE) unless it names one, its warehouse by name (the export's column) or id.
 * Every row is checked with the rules of creating a worklog (routes.ts: checkFields); a new worker
 * name creates the worker, and the workers' counts follow, in the same transaction.
 */
export const worklogImport: ImportSpec<(typeof WORKLOG_IMPORT_COLUMNS)[number], Checked> = {
  record: 'worklogs',
  columns: WORKLOG_IMPORT_COLUMNS,
  checker: async (trx, ctx, rows) => {
    const warehouses = await trx.selectFrom('warehouses').select(['id', 'name']).execute();
    const byName = new Map<string, number[]>();
    for (const w of warehouses) byName.set(w.name, [...(byName.get(w.name) ?? []), w.id]);
    const ids = new Set(warehouses.map((w) => w.id));
    // Read once for the whole file, with every waybill its rows name (one query, not one per row).
    const named = rows.map((r) => r.fields.waybill).filter((w): w is string => typeof w === 'string' && w !== '');
    const refs = await loadWorklogRefs(trx, named);
    return async (row, errs) => {
      const { warehouse, timestamp, ...rest } = row;
      const fields: WorklogFields = { ...(rest as Omit<WorklogFields, 'warehouse' | 'timestamp' | 'action'>) };
      if (row.action !== undefined) fields.action = row.action as WorklogAction;
      if (typeof timestamp === 'string') fields.timestamp = wallClockInstant(timestamp, ctx.config.exportTimeZone);
      if (typeof warehouse === 'string') {
        const named = byName.get(warehouse) ?? [];
        if (named.length === 1) fields.warehouse = named[0];
        else if (named.length > 1) errs.add('warehouse', 'import.ambiguousWarehouseName', { value: warehouse });
        else if (/^\d{1,9}$/.test(warehouse) && ids.has(Number(warehouse))) fields.warehouse = Number(warehouse);
        else errs.add('warehouse', 'import.unknownWarehouseName', { value: warehouse });
      }
      return checkFields(trx, fields, errs, refs);
    };
  },
  write: async (trx, good, actor, progress) => {
    const seq = await sql<{
      seq: string;
      year: number;
    }>`SELECT nextval('worklog_number_seq')::text AS seq, extract(year FROM now())::int AS year
      FROM generate_series(1, ${good.length})`.execute(trx);
    const numbers = seq.rows.map((r) => documentNumber(DOCUMENT_NUMBER.worklogPrefix, r.year, Number(r.seq)));
    const workers = new Map<string, string | undefined>();
    for (const f of good) if (!workers.has(f.workerName!)) workers.set(f.workerName!, f.company);
    for (const [name, company] of workers) await ensureWorker(trx, name, company);
    const CHUNK = 1000;
    for (let start = 0; start < good.length; start += CHUNK) {
      await trx
        .insertInto('worklogs')
        .values(good.slice(start, start + CHUNK).map((f, k) => newWorklogRow(numbers[start + k]!, f, actor)))
        .execute();
      if (progress) await progress((start + CHUNK) / good.length);
    }
    await touchWorkers(trx, [...workers.keys()]);
    return numbers;
  },
  path: '/worklogs/import/',
  tag: 'worklogs',
  operationIds: { import: 'importWorklogs', template: 'worklogImportTemplate' },
  describe: {
    what: 'worklog',
    creates:
      'creates every row (its time read in the export time zone, `EXPORT_TIME_ZONE`, unless it names one; its warehouse by name, or id; its action as the value or its label in either language; a new worker name creates the worker)',
  },
  sheet: 'report.worklogs.sheet',
  fileStem: { en: 'worklogs-import', et: 'tookanded-import' },
};

export const worklogImportRoutes = (app: App) => importRoutes(app, worklogImport);
