import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { startServer, waitFor, type TestServer } from './helpers.js';

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
  assert.deepEqual(r.body.filters, { statusIn: ['delivered', 'invoiced'], sort: 'number' });
  const done = await finished(token, r.body.id);
  assert.equal(done.failed, false);
  assert.equal(done.inProgress, false);
  assert.equal(done.progress, 100);
  assert.match(done.attachment, /\.xlsx$/);
  const expected = (await s.req('GET', '/api/waybills/?statusIn=delivered,invoiced&pageSize=1', { token })).body.count;
  assert.equal(done.rowCount, expected);
  assert.ok(done.fileUrl.startsWith(s.url + '/api/export-requests/'));

  const unseen = await s.req('GET', '/api/export-requests/?own=true&seen=false&pageNumber=1&pageSize=5', { token });
  assert.ok(unseen.body.results.some((x: any) => x.id === r.body.id));

  // The signed URL works without an Authorization header.
  const file = await fetch(done.fileUrl);
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

  const forged = await fetch(done.fileUrl.replace(/token=.*/, 'token=abc'));
  assert.equal(forged.status, 401);
});

test('worklog report (csv) has headings in the requester\'s language', async () => {
  const token = await s.staff();
  const r = await s.req('POST', '/api/worklogs/worklog_report/?actionIn=loading', { token, body: { format: 'csv' }, headers: { 'accept-language': 'et' } });
  assert.equal(r.status, 201);
  const done = await finished(token, r.body.id);
  const res = await s.req('GET', `/api/export-requests/${r.body.id}/download_attachment/`, { token });
  assert.equal(res.status, 200);
  const lines = res.text.replace(/^\ufeff/, '').trim().split('\r\n');
  assert.equal(lines[0]!.split(',')[0], 'Number');
  assert.match(lines[0]!, /Tegevus,Ladu/);
  assert.equal(lines.length - 1, done.rowCount);
  assert.ok(lines.slice(1).every((l) => l.includes(',laadimine,')));
});

test('a failing export ends failed with a message; acknowledge_error marks it seen', async () => {
  const token = await s.user();
  const id = randomUUID();
  // Filters that pass no validation reach the job only through a bug or an old record: the job must fail cleanly.
  await s.ctx.db.insertInto('exportRequests').values({ id, kind: 'waybill_report', format: 'csv', filters: JSON.stringify({ transportDate: 'not-a-date' }), userEmail: 'user@timberlog.ee' }).execute();
  await s.ctx.jobs.sendExport(id);
  const done = await finished(token, id);
  assert.equal(done.failed, true);
  assert.ok(done.lastErrorMessage.length > 0);
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
  const { writeReport } = await import('../src/exports/report.js');
  const seen: number[] = [];
  const result = await writeReport(s.ctx, {
    id: randomUUID(), kind: 'worklog_report', format: 'xlsx', filters: {}, locale: 'en',
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
