import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { startServer, type TestServer } from './helpers.js';

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
    const none = await s.req('GET', '/api/waybills/totals/?transportDateAfter=2999-01-01', { token });
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
});
