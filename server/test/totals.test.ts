import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { startServer, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('totals', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer({}, { workers: false });
    token = await s.user();
  });
  after(async () => {
    await s.close();
  });

  /** The totals as the database sums them, straight from the rows. */
  async function expected(where: string) {
    const r = await sql<{ count: number; m3: string; t: string; mileage: number }>`
    SELECT count(*)::int AS count,
      coalesce(sum(b.quantity) FILTER (WHERE a.unit = 'm3'), 0)::numeric(20, 3)::text AS m3,
      coalesce(sum(b.quantity) FILTER (WHERE a.unit = 't'), 0)::numeric(20, 3)::text AS t,
      coalesce(sum(b.mileage), 0)::int AS mileage
    FROM waybills b JOIN assortments a ON a.code = b.assortment WHERE ${sql.raw(where)}`.execute(s.ctx.db);
    const row = r.rows[0]!;
    return { count: row.count, quantity: { m3: row.m3, t: row.t }, mileage: row.mileage };
  }

  describe('totals of the filtered lists', () => {
    test('waybills: per unit, with the same filters and search as the list, and its count', async () => {
      const all = await s.req('GET', '/api/waybills/totals/', { token });
      assert.equal(all.status, 200, all.text);
      assert.deepEqual(all.body, await expected('true'));
      const list = await s.req('GET', '/api/waybills/?statusIn=draft,confirmed', { token });
      const some = await s.req('GET', '/api/waybills/totals/?statusIn=draft,confirmed&sort=-number&pageSize=10', { token });
      assert.deepEqual(some.body, await expected("b.status IN ('draft', 'confirmed')"));
      assert.equal(some.body.count, list.body.count);
      const search = await s.req('GET', '/api/waybills/totals/?search=tamm', { token });
      const listed = await s.req('GET', '/api/waybills/?search=tamm', { token });
      assert.equal(search.body.count, listed.body.count);
      const none = await s.req('GET', '/api/waybills/totals/?transportDateAfter=2098-01-01', { token });
      assert.deepEqual(none.body, { count: 0, quantity: { m3: '0.000', t: '0.000' }, mileage: 0 });
    });

    test("bad filters are the list's 400s, translated", async () => {
      const r = await s.req('GET', '/api/waybills/totals/?statusIn=bogus', { token, headers: { 'accept-language': 'et' } });
      assert.equal(r.status, 400);
      assert.ok(r.body.statusIn);
      assert.equal((await s.req('GET', '/api/invoices/totals/?issueDateAfter=2026-02-30', { token })).status, 400);
    });

    test('worklogs and invoices', async () => {
      const w = await s.req('GET', '/api/worklogs/totals/?actionIn=loading,unloading', { token });
      assert.equal(w.status, 200, w.text);
      const listed = await s.req('GET', '/api/worklogs/?actionIn=loading,unloading', { token });
      assert.equal(w.body.count, listed.body.count);
      const wr = await sql<{
        m: number;
      }>`SELECT coalesce(sum(duration_minutes), 0)::int AS m FROM worklogs WHERE action IN ('loading', 'unloading')`.execute(s.ctx.db);
      assert.equal(w.body.durationMinutes, wr.rows[0]!.m);
      assert.match(w.body.quantity.m3, /^\d+\.\d{3}$/);
      const i = await s.req('GET', '/api/invoices/totals/', { token });
      assert.equal(i.status, 200, i.text);
      const ir = await sql<{ n: number; net: string; vat: string; gross: string }>`SELECT count(*)::int AS n,
      coalesce(sum(net_total), 0)::numeric(20, 2)::text AS net, coalesce(sum(vat_total), 0)::numeric(20, 2)::text AS vat,
      coalesce(sum(gross_total), 0)::numeric(20, 2)::text AS gross FROM invoices`.execute(s.ctx.db);
      const row = ir.rows[0]!;
      assert.deepEqual(i.body, { count: row.n, netTotal: row.net, vatTotal: row.vat, grossTotal: row.gross });
    });

    test('exact under concurrent writes: every answer is one snapshot, and a kept total never outlives a write', async () => {
      // A writer adds waybills two at a time (1.000 m³ and 40 km each) on a day of their own.
      const base = await sql<
        Record<string, unknown>
      >`SELECT * FROM waybills WHERE assortment IN (SELECT code FROM assortments WHERE unit = 'm3') LIMIT 1`.execute(s.ctx.db);
      const w = base.rows[0]!;
      let running = true;
      let written = 0;
      const writer = (async () => {
        while (running) {
          await s.ctx.db.transaction().execute(async (trx) => {
            for (let k = 0; k < 2; k++) {
              written += 1;
              await sql`INSERT INTO waybills (number, status, transport_date, origin, destination, destination_company, driver_name, vehicle_number, mileage, assortment, quantity, notes)
              VALUES (${`T-${written}`}, 'draft', '2031-03-03', ${w.origin}, ${w.destination}, ${w.destinationCompany}, 'Writer', 'W 1', 40, ${w.assortment}, 1.000, '')`.execute(
                trx,
              );
            }
          });
        }
      })();
      const seen: number[] = [];
      try {
        // Five at a time: requests for one filter share a summing statement only when it started after they came.
        for (let i = 0; i < 20; i++) {
          const answers = await Promise.all(
            Array.from({ length: 5 }, () =>
              s.req('GET', '/api/waybills/totals/?transportDateAfter=2031-03-03&transportDateBefore=2031-03-03', { token }),
            ),
          );
          for (const r of answers) {
            assert.equal(r.status, 200);
            assert.equal(r.body.count % 2, 0, `a half-committed pair: ${JSON.stringify(r.body)}`);
            assert.equal(r.body.quantity.m3, `${r.body.count}.000`);
            assert.equal(r.body.mileage, r.body.count * 40);
          }
          const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM waybills WHERE transport_date = '2031-03-03'`.execute(
            s.ctx.db,
          );
          const after = await s.req('GET', '/api/waybills/totals/?transportDateAfter=2031-03-03&transportDateBefore=2031-03-03', { token });
          // Never older than the request: every pair committed before it is counted.
          assert.ok(after.body.count >= before.rows[0]!.n, `${after.body.count} < ${before.rows[0]!.n}`);
          seen.push(after.body.count);
        }
      } finally {
        running = false;
        await writer;
      }
      assert.ok(new Set(seen).size > 1, `the writer's rows showed up while reading: ${seen.join(',')}`);
      for (let i = 1; i < seen.length; i++) assert.ok(seen[i]! >= seen[i - 1]!, 'totals never go back');
      const last = await s.req('GET', '/api/waybills/totals/?transportDateAfter=2031-03-03&transportDateBefore=2031-03-03', { token });
      assert.deepEqual(last.body, await expected("b.transport_date = '2031-03-03'"));
      // A kept total is reused while nothing changed, and dropped at once after a write.
      const again = await s.req('GET', '/api/waybills/totals/?transportDateAfter=2031-03-03&transportDateBefore=2031-03-03', { token });
      assert.deepEqual(again.body, last.body);
      await sql`UPDATE waybills SET quantity = 2.500 WHERE number = 'T-1'`.execute(s.ctx.db);
      const moved = await s.req('GET', '/api/waybills/totals/?transportDateAfter=2031-03-03&transportDateBefore=2031-03-03', { token });
      assert.equal(moved.body.quantity.m3, `${last.body.count + 1}.500`);
      // An assortment's unit decides its sum: a changed unit is seen at once.
      await sql`UPDATE assortments SET unit = 't' WHERE code = ${w.assortment}`.execute(s.ctx.db);
      const unit = await s.req('GET', '/api/waybills/totals/?transportDateAfter=2031-03-03&transportDateBefore=2031-03-03', { token });
      assert.equal(unit.body.quantity.m3, '0.000');
      assert.equal(unit.body.quantity.t, `${last.body.count + 1}.500`);
    });

    test('status, whole months and assortment are answered from the kept sums, exact through concurrent writers and multi-row statements', async () => {
      const a = await sql<{ code: string; other: string }>`
      SELECT (SELECT code FROM assortments WHERE unit = 'm3' ORDER BY code LIMIT 1) AS code,
             (SELECT code FROM assortments WHERE unit = 't' ORDER BY code LIMIT 1) AS other`.execute(s.ctx.db);
      const { code, other } = a.rows[0]!;
      const base = (await sql<Record<string, unknown>>`SELECT * FROM waybills LIMIT 1`.execute(s.ctx.db)).rows[0]!;
      const q = `transportDateAfter=2032-05-01&transportDateBefore=2032-06-30&assortment=${code}&assortment=${other}&statusIn=draft,confirmed`;
      const where = `b.transport_date BETWEEN '2032-05-01' AND '2032-06-30' AND b.assortment IN ('${code}', '${other}') AND b.status IN ('draft', 'confirmed')`;
      // Four writers at once: inserts of several rows, status moves, quantity and month edits, deletes.
      let running = true;
      let n = 0;
      const writer = async (k: number) => {
        while (running) {
          const i = ++n;
          await s.ctx.db.transaction().execute(async (trx) => {
            await sql`INSERT INTO waybills (number, status, transport_date, origin, destination, destination_company, driver_name, vehicle_number, mileage, assortment, quantity, notes)
            SELECT 'S-' || ${i} || '-' || g, 'draft', date '2032-05-20' + g * 10, ${base.origin}, ${base.destination}, ${base.destinationCompany}, 'Sums', 'S 1',
                   g * 7, CASE WHEN g % 2 = 0 THEN ${code} ELSE ${other} END, 1.250 * g, ''
            FROM generate_series(1, 3) g`.execute(trx);
            await sql`UPDATE waybills SET status = 'confirmed', quantity = quantity + 0.5 WHERE number = ${`S-${i}-1`}`.execute(trx);
            if (k % 2 === 0) await sql`UPDATE waybills SET transport_date = date '2032-07-02' WHERE number = ${`S-${i}-2`}`.execute(trx);
            else await sql`DELETE FROM waybills WHERE number = ${`S-${i}-3`}`.execute(trx);
          });
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      try {
        for (let i = 0; i < 15; i++) {
          const r = await s.req('GET', `/api/waybills/totals/?${q}`, { token });
          assert.equal(r.status, 200, r.text);
          // Each writer's transaction leaves exactly two of its three rows in these months: whole transactions only.
          assert.equal(r.body.count % 2, 0, JSON.stringify(r.body));
        }
      } finally {
        running = false;
        await Promise.all(writers);
      }
      const answer = await s.req('GET', `/api/waybills/totals/?${q}`, { token });
      assert.ok(answer.body.count > 0);
      assert.deepEqual(answer.body, await expected(where));
      for (const one of [`assortment=${code}`, 'status=draft', 'transportDateAfter=2032-05-01&transportDateBefore=2032-05-31', '']) {
        const r = await s.req('GET', `/api/waybills/totals/?${one}`, { token });
        const w =
          one === ''
            ? 'true'
            : one.startsWith('assortment')
              ? `b.assortment = '${code}'`
              : one.startsWith('status')
                ? "b.status = 'draft'"
                : "b.transport_date BETWEEN '2032-05-01' AND '2032-05-31'";
        assert.deepEqual(r.body, await expected(w), one);
      }

      // Rows changed behind the triggers' back (a bulk load) do not move these totals, which shows they
      // come from the kept sums, not the rows ...
      await s.ctx.db.connection().execute(async (conn) => {
        await sql`SET session_replication_role = replica`.execute(conn);
        await sql`DELETE FROM waybills WHERE number LIKE 'S-%'`.execute(conn);
        await sql`SET session_replication_role = DEFAULT`.execute(conn);
      });
      assert.deepEqual((await s.req('GET', `/api/waybills/totals/?${q}`, { token })).body, answer.body);
      // ... until the documented rebuild after such loads.
      await sql`SELECT waybill_sums_rebuild(), waybill_counts_rebuild(), waybill_texts_rebuild()`.execute(s.ctx.db);
      const rebuilt = await s.req('GET', `/api/waybills/totals/?${q}`, { token });
      assert.deepEqual(rebuilt.body, await expected(where));
      assert.equal(rebuilt.body.count, 0);
      // A truncate empties them with the table (in a transaction rolled back, so the data stays).
      await s.ctx.db
        .transaction()
        .execute(async (trx) => {
          await sql`TRUNCATE waybills CASCADE`.execute(trx);
          const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM waybill_sums`.execute(trx);
          assert.equal(left.rows[0]!.n, 0);
          throw new Error('rollback');
        })
        .catch((e: Error) => assert.equal(e.message, 'rollback'));
    });

    test('a search alone is answered from the kept sums of its texts, exact through concurrent writers', async () => {
      const base = (await sql<Record<string, unknown>>`SELECT * FROM waybills LIMIT 1`.execute(s.ctx.db)).rows[0]!;
      const units = await sql<{ m3: string; t: string }>`
      SELECT (SELECT code FROM assortments WHERE unit = 'm3' ORDER BY code LIMIT 1) AS m3, (SELECT code FROM assortments WHERE unit = 't' ORDER BY code LIMIT 1) AS t`.execute(
        s.ctx.db,
      );
      const { m3, t } = units.rows[0]!;
      // Each transaction adds a waybill whose note names Kask, one whose number does (text not), and moves a note.
      let running = true;
      let n = 0;
      const writer = async () => {
        while (running) {
          const i = ++n;
          await s.ctx.db.transaction().execute(async (trx) => {
            await sql`INSERT INTO waybills (number, status, transport_date, origin, destination, destination_company, driver_name, vehicle_number, mileage, assortment, quantity, notes)
            VALUES (${`TS-${i}`}, 'draft', '2033-01-10', ${base.origin}, ${base.destination}, ${base.destinationCompany}, 'Text Sums', 'TS 1', 11, ${m3}, 2.250, 'Checked by Kask'),
                   (${`KASK-${i}`}, 'draft', '2033-01-11', ${base.origin}, ${base.destination}, ${base.destinationCompany}, 'Text Sums', 'TS 2', 13, ${t}, 3.500, '')`.execute(
              trx,
            );
            await sql`UPDATE waybills SET notes = CASE WHEN notes = '' THEN 'Kask again' ELSE '' END, quantity = quantity + 1 WHERE number = ${`TS-${Math.max(1, i - 1)}`}`.execute(
              trx,
            );
          });
        }
      };
      const writers = [writer(), writer()];
      const expectSearch = (term: string) =>
        expected(
          `lower((b.number || ' ' || b.driver_name || ' ' || b.vehicle_number || ' ' || b.notes) COLLATE pg_c_utf8) LIKE '%${term}%'`,
        );
      try {
        for (let i = 0; i < 10; i++) {
          const r = await s.req('GET', '/api/waybills/totals/?search=KASK', { token });
          assert.equal(r.status, 200, r.text);
        }
      } finally {
        running = false;
        await Promise.all(writers);
      }
      for (const term of ['kask', 'text sums', 'ts 2', 'ts-1', 'zzz-none']) {
        const r = await s.req('GET', `/api/waybills/totals/?search=${encodeURIComponent(term)}`, { token });
        const listed = await s.req('GET', `/api/waybills/?search=${encodeURIComponent(term)}`, { token });
        assert.deepEqual(r.body, await expectSearch(term), term);
        assert.equal(r.body.count, listed.body.count, term);
      }
      const kask = await s.req('GET', '/api/waybills/totals/?search=kask', { token });
      assert.ok(kask.body.count > n && Number(kask.body.quantity.t) > 0 && Number(kask.body.quantity.m3) > 0, JSON.stringify(kask.body));

      // A bulk load past the triggers leaves these totals as they were (they come from the kept sums) until the rebuild.
      await s.ctx.db.connection().execute(async (conn) => {
        await sql`SET session_replication_role = replica`.execute(conn);
        await sql`UPDATE waybills SET notes = 'Kask in bulk' WHERE number IN (SELECT number FROM waybills WHERE lower(number || ' ' || driver_name || ' ' || vehicle_number || ' ' || notes) NOT LIKE '%kask%' ORDER BY number LIMIT 3)`.execute(
          conn,
        );
        await sql`SET session_replication_role = DEFAULT`.execute(conn);
      });
      assert.deepEqual((await s.req('GET', '/api/waybills/totals/?search=kask', { token })).body, kask.body);
      await sql`SELECT waybill_texts_rebuild(), waybill_text_sums_rebuild()`.execute(s.ctx.db);
      const rebuilt = await s.req('GET', '/api/waybills/totals/?search=kask', { token });
      assert.deepEqual(rebuilt.body, await expectSearch('kask'));
      assert.equal(rebuilt.body.count, kask.body.count + 3);
    });
  });
});
