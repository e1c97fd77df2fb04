import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { sql } from 'kysely';
import { startServer, waitFor, type TestServer } from './helpers.js';
import { runExport, writeReport } from '../src/exports/report.js';
import { REPORTS } from '../src/reports.js';
import { t } from '../src/http/i18n.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('exports', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(async () => {
    await s.close();
  });

  async function finished(token: string, id: string) {
    return waitFor(
      async () => {
        const r = await s.req('GET', `/api/export-requests/${id}/`, { token });
        return r.body.completeTimestamp ? r.body : null;
      },
      30_000,
      'export',
    );
  }

  test('waybill report (xlsx) through the job queue: progress, file, signed download, seen', async () => {
    const token = await s.user();
    const r = await s.req('POST', '/api/waybills/waybill_report/?statusIn=delivered,invoiced&sort=number', {
      token,
      body: { format: 'xlsx' },
    });
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

  test("worklog report (csv) in Estonian: headings and actions in the requester's language, separated by semicolons", async () => {
    const token = await s.staff();
    const r = await s.req('POST', '/api/worklogs/worklog_report/?actionIn=loading', {
      token,
      body: { format: 'csv' },
      headers: { 'accept-language': 'et' },
    });
    assert.equal(r.status, 201);
    const done = await finished(token, r.body.id);
    const res = await s.req('GET', `/api/export-requests/${r.body.id}/download_attachment/`, { token });
    assert.equal(res.status, 200);
    const lines = res.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    assert.equal(
      lines[0],
      'Number;Aeg;Toiming;Ladu;Lao ettevõte;Lao ettevõtte nimi;Töötaja;Sortiment;Kogus;Veoseleht;Kestus (min);Märkused',
    );
    assert.equal(lines.length - 1, done.rowCount);
    assert.ok(done.rowCount > 0);
    assert.ok(
      lines.slice(1).every((l) => l.split(';')[2] === 'Laadimine'),
      lines[1],
    );
  });

  test('waybill report (xlsx) in Estonian: sheet, headings and statuses translated, never raw codes', async () => {
    const token = await s.user();
    const r = await s.req('POST', '/api/waybills/waybill_report/?sort=status&sort=number', {
      token,
      body: { format: 'xlsx' },
      headers: { 'accept-language': 'et' },
    });
    assert.equal(r.status, 201, r.text);
    await finished(token, r.body.id);
    const res = await fetch(`${s.url}/api/export-requests/${r.body.id}/download_attachment/`, {
      headers: { authorization: `Bearer ${token}` },
    });
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
    assert.ok(
      [...statuses].every((v) => labels.includes(String(v))),
      [...statuses].join(', '),
    );
  });

  test('a failing export stores a translated message for the requester and logs the internal error; acknowledge_error marks it seen', async () => {
    const token = await s.user();
    const id = randomUUID();
    // Filters that pass no validation reach the job only through a bug or an old record: the job must fail cleanly.
    await s.ctx.db
      .insertInto('exportRequests')
      .values({
        id,
        kind: 'waybill_report',
        format: 'csv',
        filters: JSON.stringify({ transportDate: 'not-a-date' }),
        userEmail: 'user@timberlog.ee',
        locale: 'et',
      })
      .execute();
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
      id: randomUUID(),
      format: 'xlsx',
      filters: {},
      locale: 'en',
      onProgress: async (p) => {
        seen.push(p);
      },
    });
    assert.ok(result.rowCount > 100);
    const steps = [0, ...seen].slice(1).map((p, i) => p - [0, ...seen][i]!);
    assert.ok(seen.length >= 19, `reported ${seen.length} times`);
    assert.ok(
      steps.every((d) => d > 0 && d <= 5),
      `steps ${steps.join(',')}`,
    );
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
      const done = await waitFor(
        async () => {
          const x = await second.req('GET', `/api/export-requests/${r.body.id}/`, { token });
          return x.body.completeTimestamp ? x.body : null;
        },
        30_000,
        'export after restart',
      );
      assert.equal(done.failed, false);
      assert.equal(done.rowCount, 80);
    } finally {
      await second.close();
    }
  });

  /** The first `n` waybills by number, their notes set to `notes` (straight into the table: the API would refuse some). */
  async function withNotes(server: TestServer, notes: string[]): Promise<string[]> {
    const rows = await server.ctx.db.selectFrom('waybills').select('number').orderBy('number').limit(notes.length).execute();
    for (const [i, { number }] of rows.entries())
      await server.ctx.db.updateTable('waybills').set({ notes: notes[i]! }).where('number', '=', number).execute();
    return rows.map((r) => r.number);
  }

  test('an XLSX report reads back cell by cell: translated headings and statuses, numbers as numbers, dates and times as date cells (in Tallinn time, to the second), notes whole', async () => {
    const note = 'zq <b>&amp; "o\'brien" back\\slash\ttab\u0001\u001f =1+2\nsecond line';
    const [number] = await withNotes(s, [note]);
    // The search holds a quote and a backslash: written into the COPY statement, it must still match.
    const search = 'o\'brien" back\\slash';
    const result = await writeReport(s.ctx, REPORTS.waybill_report, {
      id: randomUUID(),
      format: 'xlsx',
      filters: { search },
      locale: 'et',
      onProgress: async () => undefined,
    });
    assert.equal(result.rowCount, 1);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(result.file);
    const sheet = wb.worksheets[0]!;
    assert.equal(sheet.name, t('et', 'report.waybills.sheet'));
    assert.equal(sheet.actualRowCount, 2);
    const headings = (sheet.getRow(1).values as unknown[]).slice(1);
    assert.deepEqual(
      headings,
      REPORTS.waybill_report.columns.map((c) => t('et', c.header)),
    );
    const token = await s.user();
    const api = (await s.req('GET', `/api/waybills/${number}/`, { token })).body;
    const row = sheet.getRow(2);
    const cell = (key: string) => row.getCell(REPORTS.waybill_report.columns.findIndex((c) => c.key === key) + 1);
    assert.equal(cell('number').value, number);
    assert.equal(cell('status').value, t('et', `value.waybillStatus.${api.status}`));
    // exceljs reads a date cell's wall-clock time as a UTC Date.
    assert.equal((cell('transportDate').value as Date).toISOString().slice(0, 10), api.transportDate);
    const created = new Date(api.createdAt);
    created.setUTCMilliseconds(0);
    const tallinn = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Tallinn', dateStyle: 'short', timeStyle: 'medium' });
    assert.equal((cell('createdAt').value as Date).toISOString().slice(0, 19).replace('T', ' '), tallinn.format(created));
    for (const key of ['mileage', 'quantity']) {
      assert.equal(cell(key).type, ExcelJS.ValueType.Number, key);
      assert.equal(cell(key).value, Number(api[key]), key);
    }
    // eslint-disable-next-line no-control-regex
    assert.equal(cell('notes').value, note.replace(/[\u0001\u001f]/g, ''));
    // No invoice: an empty cell.
    assert.equal(cell('invoice').value, api.invoice ?? null);
    fs.rmSync(result.file);
  });

  test('filter values that look like SQL are only values in the COPY: the rows that hold them, nothing run, the same as the list', async () => {
    const hostile = ["zq'); DROP TABLE waybills; --", "zq' OR '1'='1", "zq\\'; SELECT pg_sleep(5); --", 'zq$1 $$x$$ */ /*'];
    const numbers = await withNotes(s, hostile);
    // An exact filter too: a driver named like an injection.
    const driver = "Mari'); DELETE FROM waybills; --";
    await s.ctx.db.updateTable('waybills').set({ driverName: driver }).where('number', '=', numbers[0]!).execute();
    const before = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM waybills`.execute(s.ctx.db)).rows[0]!.n);
    const token = await s.user();
    const cases: [Record<string, unknown>, string[]][] = [
      ...hostile.map((search, i): [Record<string, unknown>, string[]] => [{ search }, [numbers[i]!]]),
      [{ driverName: driver }, [numbers[0]!]],
      [{ driverName: driver, search: hostile[1] }, []],
    ];
    for (const [filters, expected] of cases) {
      const result = await writeReport(s.ctx, REPORTS.waybill_report, {
        id: randomUUID(),
        format: 'csv',
        filters,
        locale: 'en',
        onProgress: async () => undefined,
      });
      const lines = fs
        .readFileSync(result.file, 'utf8')
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n')
        .slice(1);
      fs.rmSync(result.file);
      assert.deepEqual(
        lines.map((l) => l.split(',')[0]),
        expected,
        JSON.stringify(filters),
      );
      const query = new URLSearchParams(Object.entries(filters).map(([k, v]): [string, string] => [k, String(v)]));
      const list = await s.req('GET', `/api/waybills/?${query}`, { token });
      assert.equal(list.status, 200, list.text);
      assert.equal(result.rowCount, list.body.count, JSON.stringify(filters));
    }
    assert.equal(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM waybills`.execute(s.ctx.db)).rows[0]!.n), before);
  });

  test('a CSV report guards cells a spreadsheet would run as formulas and quotes what needs it; numbers stay as they are', async () => {
    const notes = ['=cmd|x', '+1', '-1', '@SUM(1)', 'a,b;c "q"', '\tTAB'];
    const numbers = await withNotes(s, notes);
    const result = await writeReport(s.ctx, REPORTS.waybill_report, {
      id: randomUUID(),
      format: 'csv',
      filters: { sort: ['number'] },
      locale: 'en',
      onProgress: async () => undefined,
    });
    const lines = fs.readFileSync(result.file, 'utf8').split('\r\n');
    fs.rmSync(result.file);
    const expected = ["'=cmd|x", "'+1", '-1', "'@SUM(1)", '"a,b;c ""q"""', "'\tTAB"];
    numbers.forEach((number, i) => {
      const line = lines.find((l) => l.startsWith(`${number},`))!;
      // Notes are the last column but one (the creation time follows).
      assert.ok(line.includes(`,${expected[i]},20`), `${number}: ${line}`);
    });
  });

  test('progress is time-based too: with the clock moving, every move is reported; with it stopped, only steps', async () => {
    const run = async (tick: number) => {
      let clock = 0;
      const seen: number[] = [];
      await writeReport(s.ctx, REPORTS.worklog_report, {
        id: randomUUID(),
        format: 'csv',
        filters: {},
        locale: 'en',
        batchRows: 3,
        progressTiming: { now: () => (clock += tick), maxIntervalMs: 60_000 },
        onProgress: async (p) => void seen.push(p),
      });
      return seen;
    };
    const stopped = await run(0);
    const moving = await run(300);
    assert.ok(moving.length >= 40, `${moving.length} reports with the clock moving`);
    assert.ok(stopped.length <= 25 && stopped.length >= 19, `${stopped.length} reports with the clock stopped`);
    const steps = (seen: number[]) => seen.map((p, i) => p - (seen[i - 1] ?? 0));
    assert.ok(
      steps(stopped).every((d) => d > 0 && d <= 5),
      steps(stopped).join(','),
    );
    // Each batch is 2 % of the rows (a point more where the percentage rounds down).
    assert.ok(
      steps(moving).every((d) => d > 0 && d <= 3),
      steps(moving).join(','),
    );
  });

  describe('with two export workers and a bigger data set', () => {
    let big: TestServer;
    before(async () => {
      big = await startServer({ exportWorkers: 2 });
      // 40,000 more worklogs (copies of the seeded ones): several MB through COPY, more than a socket buffers.
      await big.ctx.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await sql`INSERT INTO worklogs (number, timestamp, action, warehouse, worker_name, assortment, quantity, waybill, duration_minutes, notes, created_by)
        SELECT w.number || '-' || g, w.timestamp, w.action, w.warehouse, w.worker_name, w.assortment, w.quantity, w.waybill, w.duration_minutes, w.notes, w.created_by
        FROM worklogs w CROSS JOIN generate_series(1, 267) g`.execute(trx);
      });
    });
    after(async () => {
      await big?.close();
    });

    const request = async (id: string) =>
      big.ctx.db.selectFrom('exportRequests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const finishedRequest = (id: string, what: string, ms = 30_000) =>
      waitFor(
        async () => {
          const r = await request(id);
          return r.completeTimestamp ? r : null;
        },
        ms,
        what,
      );

    test('a long export does not hold up a short one', async () => {
      // The long one: its first progress update waits on a lock this test holds on its request.
      const id = randomUUID();
      await big.ctx.db
        .insertInto('exportRequests')
        .values({ id, kind: 'worklog_report', format: 'csv', filters: '{}', userEmail: 'user@timberlog.ee', locale: 'en' })
        .execute();
      const locker = await big.ctx.pool.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('SELECT 1 FROM export_requests WHERE id = $1 FOR UPDATE', [id]);
        await big.ctx.jobs.sendExport(id);
        await waitFor(
          async () =>
            (
              await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'id' = ${id} AND state = 'active'`.execute(
                big.ctx.db,
              )
            ).rows[0]!.n === 1,
          20_000,
          'the long export to start',
        );
        const token = await big.user();
        const short = await big.req('POST', '/api/waybills/waybill_report/', { token, body: { format: 'xlsx' } });
        assert.equal(short.status, 201);
        const done = await finishedRequest(short.body.id, 'the short export (with one worker it waits for the long one)');
        assert.equal(done.failed, false);
        assert.equal((await request(id)).inProgress, true, 'the long export is still running');
        await locker.query('COMMIT');
      } finally {
        locker.release();
      }
      const long = await finishedRequest(id, 'the long export', 60_000);
      assert.equal(long.failed, false);
      assert.ok(Number(long.rowCount) > 40_000);
    });

    test('an export stopped midway (its attempt given up) leaves no file, and no connection is handed on mid-COPY', async () => {
      const controller = new AbortController();
      const dir = path.join(big.ctx.config.dataDir, 'exports');
      const existing = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
      let calls = 0;
      await assert.rejects(
        writeReport(big.ctx, REPORTS.worklog_report, {
          id: randomUUID(),
          format: 'xlsx',
          filters: {},
          locale: 'en',
          signal: controller.signal,
          onProgress: async () => {
            calls += 1;
            controller.abort();
          },
        }),
        { name: 'AbortError' },
      );
      assert.equal(calls, 1);
      assert.deepEqual(
        fs.readdirSync(dir).filter((f) => !existing.has(f)),
        [],
      );
      await waitFor(
        async () =>
          (
            await sql<{
              n: number;
            }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'COPY (%' AND state <> 'idle' AND datname = current_database()`.execute(
              big.ctx.db,
            )
          ).rows[0]!.n === 0,
        10_000,
        'the COPY to end',
      );
      // Every connection the pool hands out works.
      await Promise.all(Array.from({ length: 10 }, () => sql`SELECT 1`.execute(big.ctx.db)));
    });

    test('an XLSX with more rows than a sheet holds is refused with a message for the requester; the same as CSV is written', async () => {
      // The count comes from the counter table: make it say 1,048,576 waybills.
      await sql`UPDATE waybill_counts SET n = n + (1048576 - (SELECT sum(n) FROM waybill_counts))
      WHERE (status, month, shard) = (SELECT status, month, shard FROM waybill_counts ORDER BY n DESC LIMIT 1)`.execute(big.ctx.db);
      const token = await big.user();
      const ask = async (format: string) =>
        (await big.req('POST', '/api/waybills/waybill_report/', { token, body: { format }, headers: { 'accept-language': 'et' } })).body
          .id as string;
      const refused = await finishedRequest(await ask('xlsx'), 'the xlsx export');
      assert.equal(refused.failed, true);
      assert.match(refused.lastErrorMessage!, /1\s048\s576 rida/);
      assert.match(refused.lastErrorMessage!, /1\s048\s575/);
      assert.match(refused.lastErrorMessage!, /CSV/);
      const written = await finishedRequest(await ask('csv'), 'the csv export');
      assert.equal(written.failed, false);
      assert.equal(written.rowCount, 80);
    });
  });

  test("a report's file name has the office's date and the requester's words", async () => {
    // 22:30 UTC on 27 November is already the 28th in Tallinn.
    const requestedAt = '2026-11-27T22:30:00Z';
    const name = async (kind: 'waybill_report' | 'worklog_report', locale: 'en' | 'et', timeZone: string) => {
      const id = randomUUID();
      const result = await writeReport(s.ctx, REPORTS[kind], {
        id,
        format: 'csv',
        filters: { search: 'no such row anywhere' },
        locale,
        timeZone,
        requestedAt,
        onProgress: async () => undefined,
      });
      fs.rmSync(result.file, { force: true });
      return result.attachment.replace(id.slice(0, 8), 'ID');
    };
    assert.equal(await name('waybill_report', 'et', 'Europe/Tallinn'), 'veoselehed-2026-11-28-ID.csv');
    assert.equal(await name('waybill_report', 'en', 'Europe/Tallinn'), 'waybills-2026-11-28-ID.csv');
    assert.equal(await name('worklog_report', 'et', 'Europe/Tallinn'), 'tookanded-2026-11-28-ID.csv');
    assert.equal(await name('worklog_report', 'en', 'UTC'), 'worklogs-2026-11-27-ID.csv');
  });
});
