import { sql, type Transaction } from 'kysely';
import {
  DOCUMENT_NUMBER,
  WAYBILL_IMPORT_COLUMNS,
  documentNumber,
  resolveWaybillImportNames,
  wallClockInstant,
  type WaybillImportNames,
} from '@timberlog/contract';
import type { Database } from '../infra/db.js';
import type { App } from '../infra/context.js';
import { importRoutes, type ImportSpec } from '../imports/importer.js';
import { checkFields, defaultParties, loadedRefs, newWaybillRow, type WaybillFields } from './changes.js';

/** The places, companies and assortments a row may name instead of giving their codes, read once per file. */
async function importNames(trx: Transaction<Database>): Promise<WaybillImportNames> {
  const [warehouses, companies, assortments] = await Promise.all([
    trx.selectFrom('warehouses').select(['originCode', 'destinationCode', 'name']).execute(),
    trx.selectFrom('companies').select(['registryCode', 'name']).execute(),
    trx.selectFrom('assortments').select(['code', 'name']).execute(),
  ]);
  return {
    origins: warehouses.filter((w) => w.originCode !== null).map((w) => ({ code: w.originCode!, name: w.name })),
    destinations: warehouses.filter((w) => w.destinationCode !== null).map((w) => ({ code: w.destinationCode!, name: w.name })),
    companies: companies.map((c) => ({ code: c.registryCode, name: c.name })),
    assortments: assortments.map((a) => ({ code: a.code, name: a.name })),
  };
}

/**
 * Waybills from a spreadsheet (the import itself: imports/importer.ts). A place, company or
 * assortment may be given by its name as well as its code (import-names.ts in the contract). Every
 * row is checked with the rules of creating a waybill (changes.ts: checkFields) against the
 * reference data, loaded once per run; the rows become drafts, numbered from the waybill sequence
 * in one statement.
 */
export const waybillImport: ImportSpec<(typeof WAYBILL_IMPORT_COLUMNS)[number], WaybillFields> = {
  record: 'waybills',
  columns: WAYBILL_IMPORT_COLUMNS,
  checker: async (trx, ctx) => {
    const refs = await loadedRefs(trx);
    const names = await importNames(trx);
    return (fields, errs) => {
      const named = resolveWaybillImportNames(fields as WaybillFields, names);
      for (const p of named.problems) errs.add(p.field, p.key, p.params);
      const f = { ...named.fields };
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
  path: '/waybills/import/',
  tag: 'waybills',
  operationIds: { import: 'importWaybills', template: 'waybillImportTemplate' },
  describe: { what: 'waybill', creates: 'creates every row as a draft' },
  sheet: 'report.waybills.sheet',
  fileStem: { en: 'waybills-import', et: 'veoselehed-import' },
};

export const waybillImportRoutes = (app: App) => importRoutes(app, waybillImport);
