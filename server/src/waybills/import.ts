import { sql } from 'kysely';
import { DOCUMENT_NUMBER, WAYBILL_IMPORT_COLUMNS, documentNumber, wallClockInstant } from '@timberlog/contract';
import type { App } from '../infra/context.js';
import { importRoutes, type ImportSpec } from '../imports/importer.js';
import { checkFields, defaultParties, loadedRefs, newWaybillRow, type WaybillFields } from './changes.js';

/**
 * Waybills from a spreadsheet (the import itself: imports/importer.ts). Every row is checked with
 * the rules of creating a waybill (changes.ts: checkFields) against the reference data, loaded once
 * per run; the rows become drafts, numbered from the waybill sequence in one statement.
 */
export const waybillImport: ImportSpec<(typeof WAYBILL_IMPORT_COLUMNS)[number], WaybillFields> = {
  record: 'waybills',
  columns: WAYBILL_IMPORT_COLUMNS,
  checker: async (trx, ctx) => {
    const refs = await loadedRefs(trx);
    return (fields, errs) => {
      const f = { ...(fields as WaybillFields) };
      // A departure without a zone is the office's wall-clock time, as the export writes it.
      if (typeof f.departureTime === 'string') f.departureTime = wallClockInstant(f.departureTime, ctx.config.exportTimeZone);
      // The same parties as a waybill created one at a time names when the row names none.
      return checkFields(trx, f, errs, undefined, refs).then((checked) => defaultParties(trx, checked, ctx.config.ownCompany));
    };
  },
  write: async (trx, good, actor, progress) => {
    const seq = await sql<{
      seq: string;
      year: number;
    }>`SELECT nextval('waybill_number_seq')::text AS seq, extract(year FROM now())::int AS year
      FROM generate_series(1, ${good.length})`.execute(trx);
    const numbers = seq.rows.map((r) => documentNumber(DOCUMENT_NUMBER.waybillPrefix, r.year, Number(r.seq)));
    const CHUNK = 1000;
    for (let start = 0; start < good.length; start += CHUNK) {
      await trx
        .insertInto('waybills')
        .values(good.slice(start, start + CHUNK).map((f, k) => newWaybillRow(numbers[start + k]!, f, actor)))
        .execute();
      if (progress) await progress((start + CHUNK) / good.length);
    }
    return numbers;
  },
  path: '/api/waybills/import/',
  tag: 'waybills',
  operationIds: { import: 'importWaybills', template: 'waybillImportTemplate' },
  describe: { what: 'waybill', creates: 'creates every row as a draft' },
  sheet: 'report.waybills.sheet',
  fileStem: { en: 'waybills-import', et: 'veoselehed-import' },
};

export const waybillImportRoutes = (app: App) => importRoutes(app, waybillImport);
