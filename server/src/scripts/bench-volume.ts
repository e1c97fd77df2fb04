/**
 * Work at volume, run by `bench.ts` over its generated waybills: a 10,000-row CSV import checked
 * through the API (a dry run) and then written as its background job writes it (every row checked
 * again and inserted in one transaction), and a bulk action's dry run over 10,000 waybills and its
 * real run over 1,000; then the same import of 10,000 worklogs. Prints figures; asserts nothing.
 */
import { sql } from 'kysely';
import { IMPORT, MESSAGES, WORKLOG_ACTIONS, WORKLOG_IMPORT_COLUMNS } from '@timberlog/contract';
import type { AppContext } from '../infra/context.js';
import { DEMO_USERS } from '../seed/data.js';
import { parseImportFile, runImport } from '../imports/importer.js';
import { waybillImport } from '../waybills/import.js';
import { worklogImport } from '../worklogs/import.js';
import { runBulk } from '../waybills/bulk.js';

const secondsSince = (t: number) => ((performance.now() - t) / 1000).toFixed(2);

/** The first row problem of an import's answer, to show beside its counts. */
const firstError = (errors: readonly unknown[]) => {
  const first = errors[0] as { message?: string } | undefined;
  return first?.message ? ` (${first.message})` : '';
};

export async function benchVolume(ctx: AppContext, base: string, token: string): Promise<void> {
  const ref = (
    await sql<{ origin: string; destination: string; assortment: string }>`
    SELECT (SELECT origin_code FROM warehouses WHERE origin_code IS NOT NULL ORDER BY id LIMIT 1) AS origin,
      (SELECT destination_code FROM warehouses WHERE destination_code IS NOT NULL ORDER BY id LIMIT 1) AS destination,
      (SELECT code FROM assortments WHERE is_active AND unit = 'm3' ORDER BY code LIMIT 1) AS assortment`.execute(ctx.db)
  ).rows[0]!;
  const rows = IMPORT.maxRows;
  const lines = ['Transport date;Origin;Destination;Driver;Vehicle;Mileage (km);Assortment;Quantity;Notes'];
  for (let i = 0; i < rows; i++)
    lines.push(
      `${String((i % 28) + 1).padStart(2, '0')}.10.2026;${ref.origin};${ref.destination};Driver ${i % 300};${100 + (i % 900)} IMP;${i % 400};${ref.assortment};${10 + (i % 30)},${i % 1000};Imported trip ${i}`,
    );
  const file = Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`);
  console.log(`\nImport of ${rows.toLocaleString('en')} rows (CSV, ${(file.length / 1024 / 1024).toFixed(1)} MB, ';' and decimal commas):`);
  console.log('| step | seconds |');
  console.log('|---|---:|');
  let t = performance.now();
  const dry = await fetch(`${base}/api/waybills/import/?dryRun=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: file,
  });
  // A file this large is checked by a background job: the request reads it and queues the job.
  if (dry.status !== 202) throw new Error(`the dry run answered ${dry.status}: ${await dry.text()}`);
  await dry.body?.cancel();
  console.log(`| dry run through the API (read, parsed, queued as a job: 202) | ${secondsSince(t)} |`);
  t = performance.now();
  const parsed = await parseImportFile(waybillImport.columns, file);
  const asker = { email: DEMO_USERS.staff.email, isStaff: true, locale: 'en' as const };
  const checked = await runImport(ctx, waybillImport, asker, { parsed, file: 'bench.csv', dryRun: true }, async () => undefined);
  console.log(`| the dry run's job (read again, every row checked): ${checked.valid.toLocaleString('en')} valid | ${secondsSince(t)} |`);
  t = performance.now();
  const result = await runImport(
    ctx,
    waybillImport,
    asker,
    { parsed: await parseImportFile(waybillImport.columns, file), file: 'bench.csv' },
    async () => undefined,
  );
  console.log(
    `| real run (read, checked again and written in one transaction): ${result.imported.toLocaleString('en')} created | ${secondsSince(t)} |`,
  );

  const read = (
    await sql<{
      number: string;
      version: number;
    }>`SELECT number, version FROM waybills WHERE number = ANY(${result.numbers}) ORDER BY number`.execute(ctx.db)
  ).rows;
  const drafts = read.map((r) => r.number);
  // As the API is asked: each row with the version read, so the bench pays for the comparison.
  const versions = Object.fromEntries(read.map((r) => [r.number, r.version]));
  console.log(`\nBulk confirm of the imported drafts:`);
  console.log('| step | seconds |');
  console.log('|---|---:|');
  t = performance.now();
  const preview = await runBulk(ctx, asker, { action: 'confirm', numbers: drafts, versions, dryRun: true });
  console.log(
    `| dry run over ${drafts.length.toLocaleString('en')} waybills: ${preview.done.toLocaleString('en')} would be confirmed | ${secondsSince(t)} |`,
  );
  t = performance.now();
  const real = await runBulk(ctx, asker, { action: 'confirm', numbers: drafts.slice(0, 1000), versions, dryRun: false });
  console.log(`| real run over 1,000 waybills (one transaction each): ${real.done.toLocaleString('en')} confirmed | ${secondsSince(t)} |`);
  // The exports that follow read the generated waybills only.
  for (let i = 0; i < result.numbers.length; i += 500)
    await sql`DELETE FROM waybills WHERE number = ANY(${result.numbers.slice(i, i + 500)})`.execute(ctx.db);
  await benchWorklogImport(ctx, base, token, ref.assortment);
}

/** 10,000 worklogs from a CSV in the worklog export's English headings: the dry run through the API, then the real run. */
async function benchWorklogImport(ctx: AppContext, base: string, token: string, assortment: string): Promise<void> {
  const warehouse = (await sql<{ name: string }>`SELECT name FROM warehouses ORDER BY id LIMIT 1`.execute(ctx.db)).rows[0]!.name;
  const rows = IMPORT.maxRows;
  const headings = WORKLOG_IMPORT_COLUMNS.map((col) => MESSAGES.en[col.header]);
  const value = (field: string, i: number): string => {
    switch (field) {
      case 'timestamp':
        return `2026-10-${String((i % 28) + 1).padStart(2, '0')} ${String(6 + (i % 12)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`;
      case 'action':
        return WORKLOG_ACTIONS[i % WORKLOG_ACTIONS.length]!;
      case 'warehouse':
        return warehouse;
      case 'workerName':
        return `Worker ${i % 200}`;
      case 'assortment':
        return assortment;
      case 'quantity':
        return `${5 + (i % 20)}.${i % 10}`;
      case 'durationMinutes':
        return String(10 + (i % 120));
      case 'notes':
        return `Imported work ${i}`;
      default:
        return '';
    }
  };
  const lines = [headings.map((h) => (h.includes(',') ? `"${h}"` : h)).join(',')];
  for (let i = 0; i < rows; i++) lines.push(WORKLOG_IMPORT_COLUMNS.map((col) => value(col.field, i)).join(','));
  const file = Buffer.from(`${lines.join('\r\n')}\r\n`);
  console.log(
    `\nImport of ${rows.toLocaleString('en')} worklogs (CSV, ${(file.length / 1024 / 1024).toFixed(1)} MB, ',' and decimal points):`,
  );
  console.log('| step | seconds |');
  console.log('|---|---:|');
  let t = performance.now();
  const dry = await fetch(`${base}/api/worklogs/import/?dryRun=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: file,
  });
  if (dry.status !== 202) throw new Error(`the dry run answered ${dry.status}: ${await dry.text()}`);
  await dry.body?.cancel();
  console.log(`| dry run through the API (read, parsed, queued as a job: 202) | ${secondsSince(t)} |`);
  const asker = { email: DEMO_USERS.staff.email, isStaff: true, locale: 'en' as const };
  t = performance.now();
  // Every row names a waybill: the check reads them all in one query.
  const checked = await runImport(
    ctx,
    worklogImport,
    asker,
    { parsed: await parseImportFile(worklogImport.columns, file), file: 'bench-worklogs.csv', dryRun: true },
    async () => undefined,
  );
  console.log(
    `| the dry run's job (read again, every row checked): ${checked.valid.toLocaleString('en')} valid, ${checked.invalid} invalid${firstError(checked.errors)} | ${secondsSince(t)} |`,
  );
  t = performance.now();
  const parsed = await parseImportFile(worklogImport.columns, file);
  const result = await runImport(ctx, worklogImport, asker, { parsed, file: 'bench-worklogs.csv' }, async () => undefined);
  console.log(
    `| real run (read, checked again and written in one transaction): ${result.imported.toLocaleString('en')} created | ${secondsSince(t)} |`,
  );
}
