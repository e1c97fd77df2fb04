import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { BULK } from '@timberlog/contract';
import { bulkRows, snapshot, startServer, waitFor, waybillInput, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('bulk', () => {
  let s: TestServer;
  let staff: string;
  let user: string;
  before(async () => {
    s = await startServer();
    staff = await s.staff();
    user = await s.user();
  });
  after(async () => {
    await s.close();
  });

  /** New waybills through the API, each taken to `status`. */
  async function make(n: number, status: 'draft' | 'confirmed' | 'delivered' = 'draft', notes = 'Bulk test'): Promise<string[]> {
    const input = await waybillInput(s);
    const numbers: string[] = [];
    for (let i = 0; i < n; i++) {
      const r = await s.req('POST', '/api/waybills/', { token: user, body: { ...input, notes } });
      assert.equal(r.status, 201, r.text);
      numbers.push(r.body.number);
      const steps = status === 'draft' ? [] : status === 'confirmed' ? ['confirmed'] : ['confirmed', 'delivered'];
      for (const to of steps)
        assert.equal((await s.write('PATCH', `/api/waybills/${r.body.number}/`, { token: user, body: { status: to } })).status, 200);
    }
    return numbers;
  }

  const bulk = (token: string, body: Record<string, unknown>, locale = 'en') =>
    s.req('POST', '/api/waybills/bulk/', { token, body, headers: { 'accept-language': locale } });

  const history = async (number: string) =>
    (await s.req('GET', `/api/waybills/${number}/history/`, { token: staff })).body.results as {
      action: string;
      via: string;
      reason: string | null;
    }[];

  describe('bulk actions on waybills', () => {
    test('a dry run answers each row by the single-record rules and changes nothing', async () => {
      const drafts = await make(3);
      const [confirmed] = await make(1, 'confirmed');
      const [delivered] = await make(1, 'delivered');
      const before = await snapshot(s.ctx);
      const r = await bulk(user, {
        action: 'confirm',
        rows: await bulkRows(s, user, [...drafts, confirmed, delivered, 'W-1999-999999', drafts[0]]),
        dryRun: true,
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.total, 6);
      assert.deepEqual(
        r.body.rows.map((row: { outcome: string }) => row.outcome),
        ['done', 'done', 'done', 'unchanged', 'refused', 'missing'],
      );
      assert.deepEqual([r.body.done, r.body.unchanged, r.body.refused, r.body.missing], [3, 1, 1, 1]);
      assert.equal(r.body.rows[0].from, 'draft');
      assert.equal(r.body.rows[0].to, 'confirmed');
      // Confirming a delivered waybill is a correction: staff only, as PATCH answers it.
      const single = await s.write('PATCH', `/api/waybills/${delivered}/`, { token: user, body: { status: 'confirmed' } });
      assert.equal(r.body.rows[4].message, single.body.detail);
      assert.equal(await snapshot(s.ctx), before);
    });

    test('the real run applies each row on its own, records it with via bulk, and a refused row blocks none', async () => {
      const drafts = await make(3);
      const [delivered] = await make(1, 'delivered');
      const [cancelled] = await make(1);
      assert.equal((await s.write('PATCH', `/api/waybills/${cancelled}/`, { token: user, body: { status: 'cancelled' } })).status, 200);
      const r = await bulk(
        user,
        { action: 'deliver', rows: await bulkRows(s, user, [drafts[0], delivered, cancelled, drafts[1]]), dryRun: false },
        'et',
      );
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.rows.map((row: { outcome: string }) => row.outcome),
        ['refused', 'unchanged', 'refused', 'refused'],
      );
      // In Estonian, as the single call answers it.
      assert.match(r.body.rows[2].message, /cancelled|delivered/);
      const confirmed = await bulk(user, {
        action: 'confirm',
        rows: await bulkRows(s, user, drafts),
        dryRun: false,
        reason: 'Morning batch',
      });
      assert.equal(confirmed.body.done, 3);
      const mixed = await bulk(user, {
        action: 'deliver',
        rows: await bulkRows(s, user, [drafts[0], cancelled, drafts[1]]),
        dryRun: false,
      });
      assert.deepEqual(
        mixed.body.rows.map((row: { outcome: string }) => row.outcome),
        ['done', 'refused', 'done'],
      );
      for (const number of [drafts[0], drafts[1]]) {
        const got = await s.req('GET', `/api/waybills/${number}/`, { token: user });
        assert.equal(got.body.status, 'delivered');
        const entries = await history(number);
        assert.equal(entries[0]!.via, 'bulk');
        assert.equal(entries[1]!.via, 'bulk');
        assert.equal(entries[1]!.reason, 'Morning batch');
      }
      assert.equal((await s.req('GET', `/api/waybills/${cancelled}/`, { token: user })).body.status, 'cancelled');
    });

    test('roles: a correction in bulk is for staff, with a reason', async () => {
      const [delivered] = await make(1, 'delivered');
      const asUser = await bulk(user, {
        action: 'confirm',
        rows: await bulkRows(s, user, [delivered]),
        dryRun: false,
        reason: 'Wrong truck',
      });
      assert.equal(asUser.body.rows[0].outcome, 'refused');
      assert.match(asUser.body.rows[0].message, /permission/);
      const noReason = await bulk(staff, { action: 'confirm', rows: await bulkRows(s, staff, [delivered]), dryRun: false });
      assert.equal(noReason.body.rows[0].outcome, 'refused');
      assert.match(noReason.body.rows[0].message, /reason/);
      const done = await bulk(staff, {
        action: 'confirm',
        rows: await bulkRows(s, staff, [delivered]),
        dryRun: false,
        reason: 'Wrong truck',
      });
      assert.equal(done.body.rows[0].outcome, 'done');
      const entries = await history(delivered!);
      assert.equal(entries[0]!.via, 'bulk');
      assert.equal(entries[0]!.reason, 'Wrong truck');
    });

    test('a row changed since the version given is stale: left alone, said per row, the others done', async () => {
      const drafts = await make(3);
      const rows = await bulkRows(s, user, drafts);
      // Someone else changes the second waybill after the rows were read.
      const moved = await s.write('PATCH', `/api/waybills/${drafts[1]}/`, { token: staff, body: { notes: 'Changed meanwhile' } });
      assert.equal(moved.status, 200, moved.text);
      const staleBefore = (await s.req('GET', `/api/waybills/${drafts[1]}/`, { token: user })).body;

      const preview = await bulk(user, { action: 'confirm', rows, dryRun: true });
      assert.deepEqual(
        preview.body.rows.map((row: { outcome: string }) => row.outcome),
        ['done', 'stale', 'done'],
      );

      const r = await bulk(user, { action: 'confirm', rows, dryRun: false }, 'et');
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.rows.map((row: { outcome: string }) => row.outcome),
        ['done', 'stale', 'done'],
      );
      assert.deepEqual([r.body.done, r.body.stale, r.body.refused], [2, 1, 0]);
      // The reason is the single write's 412, in the asker's language: who changed it and when.
      const single = await s.req('PATCH', `/api/waybills/${drafts[1]}/`, {
        token: user,
        body: { status: 'confirmed' },
        headers: { 'if-match': `"${rows[1]!.version}"`, 'accept-language': 'et' },
      });
      assert.equal(single.status, 412);
      assert.equal(r.body.rows[1].message, single.body.detail);
      assert.match(r.body.rows[1].message, /muutis seda kirjet/);
      assert.deepEqual((await s.req('GET', `/api/waybills/${drafts[1]}/`, { token: user })).body, staleBefore);
      for (const number of [drafts[0], drafts[2]])
        assert.equal((await s.req('GET', `/api/waybills/${number}/`, { token: user })).body.status, 'confirmed');
    });

    test("numbers without the versions read are refused with 428, in the caller's language, and change nothing", async () => {
      const drafts = await make(2);
      const before = await snapshot(s.ctx);
      for (const [locale, words] of [
        ['en', /Give each waybill with the version you read/],
        ['et', /Anna iga veoseleht koos versiooniga/],
      ] as const) {
        const r = await bulk(user, { action: 'confirm', numbers: drafts, dryRun: false }, locale);
        assert.equal(r.status, 428, r.text);
        assert.match(r.body.detail, words);
      }
      assert.equal(await snapshot(s.ctx), before);
    });

    test('delete takes drafts only; the deletion is in the history with via bulk', async () => {
      const [draft] = await make(1);
      const [confirmed] = await make(1, 'confirmed');
      const r = await bulk(user, { action: 'delete', rows: await bulkRows(s, user, [draft, confirmed]), dryRun: false });
      assert.deepEqual(
        r.body.rows.map((row: { outcome: string }) => row.outcome),
        ['done', 'refused'],
      );
      assert.match(r.body.rows[1].message, /Only draft waybills can be deleted/);
      assert.equal((await s.req('GET', `/api/waybills/${draft}/`, { token: user })).status, 404);
      const gone = await sql<{
        via: string;
        action: string;
      }>`SELECT via, action FROM history WHERE entity = 'waybill' AND record_key = ${draft!}
      ORDER BY id DESC LIMIT 1`.execute(s.ctx.db);
      assert.deepEqual(gone.rows[0], { via: 'bulk', action: 'deleted' });
    });

    test('rows by the list filters, checked with the list codec; bad input is a 400 on its field', async () => {
      const tagged = await make(2, 'draft', 'Filtered bulk QX7');
      const r = await bulk(user, { action: 'cancel', filters: 'statusIn=draft&search=qx7', dryRun: true });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.rows.map((row: { number: string }) => row.number).sort(), [...tagged].sort());
      const bad = await bulk(user, { action: 'cancel', filters: 'statusIn=bogus', dryRun: true }, 'et');
      assert.equal(bad.status, 400);
      assert.ok(bad.body.filters);
      const unknown = await bulk(user, { action: 'cancel', filters: 'colour=red', dryRun: true });
      assert.equal(unknown.status, 400);
      assert.match(unknown.body.filters[0], /no parameter "colour"/);
      const both = await bulk(user, { action: 'cancel', filters: '', rows: await bulkRows(s, user, tagged), dryRun: true });
      assert.equal(both.status, 400);
      const none = await bulk(user, { action: 'cancel', dryRun: true });
      assert.equal(none.status, 400);
      assert.ok(none.body.nonFieldErrors);
      const action = await bulk(user, { action: 'invoice', rows: await bulkRows(s, user, tagged), dryRun: true });
      assert.equal(action.status, 400);
      assert.ok(action.body.action);
    });

    test(`${(BULK.maxRows + 1).toLocaleString('en')} rows are refused, and so are filters that select more`, async () => {
      const rows = Array.from({ length: BULK.maxRows + 1 }, (_, i) => ({ number: `W-2000-${String(i).padStart(6, '0')}`, version: 1 }));
      const r = await bulk(user, { action: 'confirm', rows, dryRun: true });
      assert.equal(r.status, 400);
      assert.match(r.body.rows[0], /no more than 10000/);
    });

    test('the export action starts one export of the chosen rows that exist', async () => {
      const chosen = await make(2, 'confirmed');
      const r = await bulk(user, {
        action: 'export',
        rows: await bulkRows(s, user, [...chosen, 'W-1999-999999']),
        dryRun: false,
        format: 'csv',
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.done, 2);
      assert.equal(r.body.missing, 1);
      assert.deepEqual(r.body.exportRequest.filters, { number: chosen });
      const done = await waitFor(async () => {
        const e = await s.req('GET', `/api/export-requests/${r.body.exportRequest.id}/`, { token: user });
        return e.body.inProgress ? undefined : e.body;
      });
      assert.equal(done.rowCount, 2);
    });

    test('the export action locks no row: it answers while another transaction holds one of them, and names the missing', async () => {
      const chosen = await make(3, 'confirmed');
      const rows = await bulkRows(s, user, [...chosen, 'W-1999-999998']);
      // A colleague's long edit holds the first row's lock; an export reads, it does not wait for it.
      const { default: pg } = await import('pg');
      const holder = new pg.Client({ connectionString: s.dbUrl });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM waybills WHERE number = $1 FOR UPDATE', [chosen[0]]);
        const asked = bulk(user, { action: 'export', rows, dryRun: true });
        let timer: NodeJS.Timeout | undefined;
        const answer = await Promise.race([asked, new Promise<'waiting'>((done) => (timer = setTimeout(() => done('waiting'), 10_000)))]);
        clearTimeout(timer);
        assert.notEqual(answer, 'waiting', 'the export waited for a row lock');
        const r = answer as Awaited<typeof asked>;
        assert.equal(r.status, 200, r.text);
        assert.deepEqual(
          r.body.rows.map((row: { number: string; outcome: string; from: string | null }) => [row.number, row.outcome, row.from]),
          [...chosen.map((n) => [n, 'done', 'confirmed']), ['W-1999-999998', 'missing', null]],
        );
      } finally {
        await holder.query('ROLLBACK');
        await holder.end();
      }
    });

    test(`more than ${BULK.inlineMaxRows} rows run in the background, with progress and the same answer`, async () => {
      const input = await waybillInput(s);
      // Drafts straight into the table (the API would take a while for 250), complete for EVR.
      await sql`INSERT INTO waybills (number, status, transport_date, origin, destination, destination_company, driver_name, vehicle_number, mileage, assortment, quantity, notes,
          owner_company, transporter_company, driver_id_code, departure_time, holding_basis_type, cadastral_number)
      SELECT 'BG-' || g, 'draft', '2026-11-02', ${input.origin as string}, ${input.destination as string}, ${input.destinationCompany as string},
        'Driver', 'B 1', 10, ${input.assortment as string}, 10.000, 'Background batch ZK9',
        ${input.destinationCompany as string}, ${input.destinationCompany as string}, ${input.driverIdCode as string}, ${input.departureTime as string},
        ${input.holdingBasisType as string}, ${input.cadastralNumber as string}
      FROM generate_series(1, 250) g`.execute(s.ctx.db);
      const r = await bulk(user, { action: 'confirm', filters: 'search=zk9', dryRun: false });
      assert.equal(r.status, 202, r.text);
      assert.equal(r.body.kind, 'bulk');
      assert.equal(r.body.total, 250);
      assert.ok(['queued', 'running'].includes(r.body.state));
      // Only the asker reads it.
      assert.equal((await s.req('GET', `/api/batch-jobs/${r.body.id}/`, { token: staff })).status, 404);
      const job = await waitFor(
        async () => {
          const j = await s.req('GET', `/api/batch-jobs/${r.body.id}/`, { token: user });
          return j.body.state === 'done' || j.body.state === 'failed' ? j.body : undefined;
        },
        60_000,
        'the background bulk action',
      );
      assert.equal(job.state, 'done');
      assert.equal(job.progress, 100);
      assert.equal(job.result.done, 250);
      const left = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM waybills WHERE number LIKE 'BG-%' AND status <> 'confirmed'`.execute(s.ctx.db);
      assert.equal(left.rows[0]!.n, 0);
      const vias = await sql<{
        via: string;
      }>`SELECT DISTINCT via FROM history WHERE entity = 'waybill' AND record_key LIKE 'BG-%' AND action = 'updated'`.execute(s.ctx.db);
      assert.deepEqual(vias.rows, [{ via: 'bulk' }]);
    });

    test('filters selecting more than the limit are refused with the count', async () => {
      const input = await waybillInput(s);
      await sql`INSERT INTO waybills (number, status, transport_date, origin, destination, destination_company, driver_name, vehicle_number, mileage, assortment, quantity, notes)
      SELECT 'MANY-' || g, 'draft', '2031-05-05', ${input.origin as string}, ${input.destination as string}, ${input.destinationCompany as string},
        'Driver', 'B 1', 10, ${input.assortment as string}, 10.000, ''
      FROM generate_series(1, ${BULK.maxRows + 1}) g`.execute(s.ctx.db);
      const r = await bulk(user, { action: 'confirm', filters: 'transportDate=2031-05-05', dryRun: true });
      assert.equal(r.status, 400);
      assert.match(r.body.filters[0], /at most 10,000 waybills; these are 10,001/);
    });
  });
});
