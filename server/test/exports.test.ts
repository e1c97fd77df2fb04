import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { startServer, waitFor, type TestServer } from './helpers.js';
import { runExport, writeReport } from '../src/exports/report.js';
import { REPORTS } from '../src/reports.js';
import { t } from '../src/shared/i18n.js';

let s: TestServer;
before(async () => {
  s = await startServer();
});
after(async () => {
  await s.close();
});

async function finished(token: string, id: string) {
  return waitFor(async () => {
    const r = await s.req('GET', `/api/export-requests/${id}/`, { token });
    return r.body.completeTimestamp ? r.body : null;
  }, 30_000, 'export');
}

test('waybill report (xlsx) through the job queue: progress, file, signed download, seen', async () => {
  const token = await s.user();
  const r = await s.req('POST', '/api/waybills/waybill_report/?statusIn=delivered,invoiced&sort=number', { token, body: { format: 'xlsx' } });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.body.inProgress, true);
  assert.equal(r.body.progress, 0);
  assert.equal(r.body.own, true);
  assert.equal(r.body.seen, false);
  assert.equal(r.body.fileUrl, null);
  assert.deepEqual(r.body.filters, { statusIn: ['delivered', 'invoiced'], sort: ['number'] });
  const done = await finished(token, r.body.id);
  assert.equal(done.failed, false);
  assert.equal(done.inProgress, false);
  assert.equal(done.progress, 100);
  assert.match(done.attachment, /\.xlsx$/);
  const expected = (await s.req('GET', '/api/waybills/?statusIn=delivered,invoiced&pageSize=1', { token })).body.count;
  assert.equal(done.rowCount, expected);
  // Relative without PUBLIC_URL (never built from the Host header).
  assert.ok(done.fileUrl.startsWith('/api/export-requests/'), done.fileUrl);

  const unseen = await s.req('GET', '/api/export-requests/?own=true&seen=false&pageNumber=1&pageSize=5', { token });
  assert.ok(unseen.body.results.some((x: any) => x.id === r.body.id));

  // The signed URL works without an Authorization header.
  const file = await fetch(s.url + done.fileUrl);
  assert.equal(file.status, 200);
  assert.match(file.headers.get('content-disposition') ?? '', /attachment/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await file.arrayBuffer()) as never);
  const sheet = wb.worksheets[0]!;
  assert.equal(sheet.getRow(1).getCell(1).value, 'Number');
  assert.equal(sheet.getRow(1).getCell(3).value, 'Transport date');
  assert.equal(sheet.actualRowCount, expected + 1);
  const after = await s.req('GET', `/api/export-requests/${r.body.id}/`, { token });
  assert.equal(after.body.seen, true);

  const forged = await fetch(s.url + done.fileUrl.replace(/token=.*/, 'token=abc'));
  assert.equal(forged.status, 401);
});

test('worklog report (csv) in Estonian: headings and actions in the requester\'s language', async () => {
  const token = await s.staff();
  const r = await s.req('POST', '/api/worklogs/worklog_report/?actionIn=loading', { token, body: { format: 'csv' }, headers: { 'accept-language': 'et' } });
  assert.equal(r.status, 201);
  const done = await finished(token, r.body.id);
  const res = await s.req('GET', `/api/export-requests/${r.body.id}/download_attachment/`, { token });
  assert.equal(res.status, 200);
  const lines = res.text.replace(/^\ufeff/, '').trim().split('\r\n');
  assert.equal(lines[0], 'Number,Aeg,Toiming,Ladu,Lao ettevõte,Lao ettevõtte nimi,Töötaja,Sortiment,Kogus,Veoseleht,Kestus (min),Märkused');
  assert.equal(lines.length - 1, done.rowCount);
  assert.ok(done.rowCount > 0);
  assert.ok(lines.slice(1).every((l) => l.split(',')[2] === 'Laadimine'), lines[1]);
});

test('waybill report (xlsx) in Estonian: sheet, headings and statuses translated, never raw codes', async () => {
  const token = await s.user();
  const r = await s.req('POST', '/api/waybills/waybill_report/?sort=status&sort=number', { token, body: { format: 'xlsx' }, headers: { 'accept-language': 'et' } });
  assert.equal(r.status, 201, r.text);
  await finished(token, r.body.id);
  const res = await fetch(`${s.url}/api/export-requests/${r.body.id}/download_attachment/`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  const sheet = wb.worksheets[0]!;
  assert.equal(sheet.name, 'Veoselehed');
  const headings = (sheet.getRow(1).values as unknown[]).slice(1);
  assert.deepEqual(headings.slice(0, 4), ['Number', 'Olek', 'Veo kuupäev', 'Lähtekoht']);
  const statuses = new Set<unknown>();
  sheet.eachRow((row, n) => {
    if (n > 1) statuses.add(row.getCell(2).value);
  });
  const labels = ['Mustand', 'Kinnitatud', 'Kohale toimetatud', 'Arveldatud', 'Tühistatud'];
  assert.ok(statuses.size >= 3, [...statuses].join(', '));
  assert.ok([...statuses].every((v) => labels.includes(String(v))), [...statuses].join(', '));
});

test('a failing export stores a translated message for the requester and logs the internal error; acknowledge_error marks it seen', async () => {
  const token = await s.user();
  const id = randomUUID();
  // Filters that pass no validation reach the job only through a bug or an old record: the job must fail cleanly.
  await s.ctx.db.insertInto('exportRequests').values({ id, kind: 'waybill_report', format: 'csv', filters: JSON.stringify({ transportDate: 'not-a-date' }), userEmail: 'user@timberlog.ee', locale: 'et' }).execute();
  const logged: string[] = [];
  const log = pino({ level: 'error' }, { write: (line: string) => void logged.push(line) });
  await runExport({ ...s.ctx, log }, REPORTS, id);
  const done = await finished(token, id);
  assert.equal(done.failed, true);
  assert.equal(done.lastErrorMessage, t('et', 'export.failed'));
  assert.doesNotMatch(done.lastErrorMessage, /date|syntax|not-a-date/i);
  assert.equal(logged.length, 1);
  assert.match(logged[0]!, /invalid input syntax for type date/);
  assert.equal(done.fileUrl, null);
  const ack = await s.req('POST', `/api/export-requests/${id}/acknowledge_error/`, { token });
  assert.equal(ack.status, 200);
  assert.equal(ack.body.seen, true);
  assert.equal((await s.req('GET', `/api/export-requests/${id}/download_attachment/`, { token })).status, 404);
});

test('users see only their own export requests; staff see all, own tells which', async () => {
  const user = await s.user();
  const staff = await s.staff();
  const mine = await s.req('POST', '/api/worklogs/worklog_report/', { token: staff, body: { format: 'csv' } });
  const list = await s.req('GET', '/api/export-requests/?pageSize=100', { token: user });
  assert.ok(list.body.results.every((x: any) => x.own && x.requestedBy === 'user@timberlog.ee'));
  assert.equal((await s.req('GET', `/api/export-requests/${mine.body.id}/`, { token: user })).status, 404);
  const all = await s.req('GET', '/api/export-requests/?pageSize=100', { token: staff });
  assert.ok(all.body.results.some((x: any) => !x.own));
  const own = await s.req('GET', '/api/export-requests/?own=true&pageSize=100', { token: staff });
  assert.ok(own.body.results.every((x: any) => x.own));
  await finished(staff, mine.body.id);
});

test('progress is reported in steps of at most 5 %', async () => {
  const seen: number[] = [];
  const result = await writeReport(s.ctx, REPORTS.worklog_report, {
    id: randomUUID(), format: 'xlsx', filters: {}, locale: 'en',
    onProgress: async (p) => {
      seen.push(p);
    },
  });
  assert.ok(result.rowCount > 100);
  const steps = [0, ...seen].slice(1).map((p, i) => p - [0, ...seen][i]!);
  assert.ok(seen.length >= 19, `reported ${seen.length} times`);
  assert.ok(steps.every((d) => d > 0 && d <= 5), `steps ${steps.join(',')}`);
});

test('a queued export survives a restart: the next server process runs it', async () => {
  const first = await startServer({}, { workers: false });
  const token = (await first.login()).access;
  const r = await first.req('POST', '/api/waybills/waybill_report/', { token, body: { format: 'csv' } });
  assert.equal(r.status, 201);
  const dataDir = first.ctx.config.dataDir;
  await first.close(true);
  const second = await startServer({}, { reuse: { dbUrl: first.dbUrl, dataDir } });
  try {
    const done = await waitFor(async () => {
      const x = await second.req('GET', `/api/export-requests/${r.body.id}/`, { token });
      return x.body.completeTimestamp ? x.body : null;
    }, 30_000, 'export after restart');
    assert.equal(done.failed, false);
    assert.equal(done.rowCount, 80);
  } finally {
    await second.close();
  }
});
