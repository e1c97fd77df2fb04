import path from 'node:path';
import fs from 'node:fs';
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type RawBuilder } from 'kysely';
import { MIGRATIONS_DIR } from '../src/infra/migrate.js';
import { startServer, waybillInput, type TestServer } from './helpers.js';
import { checkCounts } from '../src/records/counts.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('waybill-counts', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer({}, { workers: false });
    token = await s.user();
  });
  after(async () => {
    await s.close();
  });

  const count = async (query = ''): Promise<number> => {
    const r = await s.req('GET', `/api/waybills/?pageSize=1&${query}`, { token });
    assert.equal(r.status, 200, r.text);
    return r.body.count;
  };

  /** The counts the waybill table gives by counting its rows, per status and transport month. */
  async function realBuckets(): Promise<Record<string, number>> {
    const r = await sql<{ k: string; n: number }>`
    SELECT status || ' ' || to_char(transport_date, 'YYYY-MM') AS k, count(*)::int AS n FROM waybills GROUP BY 1 ORDER BY 1`.execute(
      s.ctx.db,
    );
    return Object.fromEntries(r.rows.map((x) => [x.k, x.n]));
  }
  /** The counter table's buckets, shards summed (buckets that fell to zero left out). */
  async function counterBuckets(): Promise<Record<string, number>> {
    const r = await sql<{ k: string; n: number }>`
    SELECT status || ' ' || to_char(month, 'YYYY-MM') AS k, sum(n)::int AS n FROM waybill_counts GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1`.execute(
      s.ctx.db,
    );
    return Object.fromEntries(r.rows.map((x) => [x.k, x.n]));
  }

  test('a created, re-statused or deleted waybill moves the next count by exactly one', async () => {
    const lists = ['', 'status=draft', 'status=confirmed', 'statusIn=draft&statusIn=cancelled', 'statusIn=confirmed,delivered'];
    const snap = async () => Object.fromEntries(await Promise.all(lists.map(async (q) => [q, await count(q)] as const)));
    const expectMoves = async (was: Record<string, number>, moves: Record<string, number>) => {
      const now = await snap();
      for (const q of lists) assert.equal(now[q], was[q]! + (moves[q] ?? 0), `count of "${q}"`);
      return now;
    };

    let was = await snap();
    const created = await s.req('POST', '/api/waybills/', { token, body: await waybillInput(s) });
    assert.equal(created.status, 201, created.text);
    const number = created.body.number as string;
    was = await expectMoves(was, { '': 1, 'status=draft': 1, 'statusIn=draft&statusIn=cancelled': 1 });

    assert.equal((await s.write('PATCH', `/api/waybills/${number}/`, { token, body: { status: 'confirmed' } })).status, 200);
    was = await expectMoves(was, {
      'status=draft': -1,
      'status=confirmed': 1,
      'statusIn=draft&statusIn=cancelled': -1,
      'statusIn=confirmed,delivered': 1,
    });

    // An edit that changes neither status nor month leaves every count as it was.
    assert.equal(
      (await s.write('PATCH', `/api/waybills/${number}/`, { token, body: { notes: 'edited', transportDate: '2026-11-03' } })).status,
      200,
    );
    was = await expectMoves(was, {});

    assert.equal((await s.write('PATCH', `/api/waybills/${number}/`, { token, body: { status: 'cancelled' } })).status, 200);
    was = await expectMoves(was, { 'status=confirmed': -1, 'statusIn=draft&statusIn=cancelled': 1, 'statusIn=confirmed,delivered': -1 });

    const draft = await s.req('POST', '/api/waybills/', { token, body: await waybillInput(s) });
    was = await expectMoves(was, { '': 1, 'status=draft': 1, 'statusIn=draft&statusIn=cancelled': 1 });
    assert.equal((await s.write('DELETE', `/api/waybills/${draft.body.number}/`, { token })).status, 204);
    await expectMoves(was, { '': -1, 'status=draft': -1, 'statusIn=draft&statusIn=cancelled': -1 });
  });

  test('every count equals counting the rows, whether the counter table answers or not', async () => {
    const r = await sql<{ month: string }>`SELECT to_char(max(transport_date), 'YYYY-MM') AS month FROM waybills`.execute(s.ctx.db);
    const month = r.rows[0]!.month;
    const [y, m] = month.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    // [query, the same filter in SQL, whether the list answers it from the counter table and takes in
    // delivered waybills of the last month (the marker below)]
    const cases: [query: string, where: ReturnType<typeof sql>, counted: boolean][] = [
      ['', sql`true`, true],
      ['status=delivered', sql`status = 'delivered'`, true],
      ['statusIn=draft,confirmed', sql`status IN ('draft', 'confirmed')`, false],
      ['statusIn=delivered,confirmed', sql`status IN ('delivered', 'confirmed')`, true],
      [
        `transportDateAfter=${month}-01&transportDateBefore=${last}&statusIn=draft,delivered`,
        sql`transport_date BETWEEN ${`${month}-01`}::date AND ${last}::date AND status IN ('draft', 'delivered')`,
        true,
      ],
      [`transportDateAfter=${month}-01`, sql`transport_date >= ${`${month}-01`}::date`, true],
      // Part of a month, or another filter: the rows are counted.
      [`transportDateAfter=${month}-02&status=delivered`, sql`transport_date >= ${`${month}-02`}::date AND status = 'delivered'`, false],
      [`transportDateBefore=${month}-15`, sql`transport_date <= ${`${month}-15`}::date`, false],
      ['status=delivered&mileage=120', sql`status = 'delivered' AND mileage = 120`, false],
      [
        'status=delivered&search=tamm',
        sql`status = 'delivered' AND lower(number || ' ' || driver_name || ' ' || vehicle_number || ' ' || notes) LIKE '%tamm%'`,
        false,
      ],
    ];
    for (const [query, where] of cases) {
      const real = await sql<{ n: number }>`SELECT count(*)::int AS n FROM waybills WHERE ${where}`.execute(s.ctx.db);
      assert.equal(await count(query), real.rows[0]!.n, query);
    }
    // Which lists answer from the table: a marker row of 1000 delivered waybills in the last month shows in exactly those.
    const was = await Promise.all(cases.map(([query]) => count(query)));
    await sql`INSERT INTO waybill_counts (status, month, shard, n) VALUES ('delivered', ${`${month}-01`}::date, 99, 1000)`.execute(
      s.ctx.db,
    );
    // The marker is no write the lists could see, so their kept answers would be given again: moving
    // the version of the names they show (and not the waybills', which the kept counts read) makes
    // each list ask again.
    await sql`UPDATE waybill_reference_versions SET v = v + 1 WHERE shard = 0`.execute(s.ctx.db);
    try {
      const now = await Promise.all(cases.map(([query]) => count(query)));
      cases.forEach(([query, , counted], i) => assert.equal(now[i]! - was[i]!, counted ? 1000 : 0, query));
    } finally {
      await sql`DELETE FROM waybill_counts WHERE shard = 99`.execute(s.ctx.db);
      await sql`UPDATE waybill_reference_versions SET v = v + 1 WHERE shard = 0`.execute(s.ctx.db);
    }
  });

  test('the counter table stays exact through concurrent writers and multi-row statements', async () => {
    const before = await count();
    const input = await waybillInput(s);
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        s.req('POST', '/api/waybills/', { token, body: { ...input, transportDate: `2026-0${1 + (i % 3)}-15` } }),
      ),
    );
    assert.deepEqual(
      created.map((r) => r.status),
      Array(12).fill(201),
    );
    await Promise.all(created.map((r) => s.write('PATCH', `/api/waybills/${r.body.number}/`, { token, body: { status: 'confirmed' } })));
    assert.equal(await count(), before + 12);
    // One statement moving many rows across statuses and months, as invoicing and imports do.
    await sql`UPDATE waybills SET status = 'delivered', transport_date = transport_date - 40 WHERE number = ANY(${created.map((r) => r.body.number)})`.execute(
      s.ctx.db,
    );
    await sql`UPDATE waybills SET status = 'cancelled' WHERE status = 'draft' AND number LIKE 'W-%'`.execute(s.ctx.db);
    assert.deepEqual(await counterBuckets(), await realBuckets());
    // A transaction that rolls back leaves no trace.
    await s.ctx.db
      .transaction()
      .execute(async (trx) => {
        await sql`DELETE FROM waybills WHERE number = ${created[0]!.body.number}`.execute(trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    assert.equal(await count(), before + 12);
    assert.deepEqual(await counterBuckets(), await realBuckets());
  });

  test('after the concurrent writers, check:counts finds every kept count equal to the rows', async () => {
    assert.deepEqual(await checkCounts(s.ctx.db), []);
  });

  test('a kept count of a filtered list is reused while the waybills are unchanged, and moves at once with every write', async () => {
    const input = await waybillInput(s);
    const q = `destinationCompany=${encodeURIComponent(String(input.destinationCompany))}`;
    const real = async () =>
      Number(
        (
          await sql<{ n: string }>`SELECT count(*) AS n FROM waybills WHERE destination_company = ${input.destinationCompany}`.execute(
            s.ctx.db,
          )
        ).rows[0]!.n,
      );
    for (let i = 0; i < 3; i++) assert.equal((await s.req('POST', '/api/waybills/', { token, body: input })).status, 201);
    const first = await count(q);
    assert.ok(first >= 3);
    assert.equal(first, await real());
    assert.equal(await count(q), first, 'the same count again');

    // Rows changed behind the triggers' back (as a bulk load does) leave the version alone: the kept
    // count is answered, which shows it is reused ...
    await s.ctx.db.connection().execute(async (conn) => {
      await sql`SET session_replication_role = replica`.execute(conn);
      await sql`DELETE FROM waybills WHERE number = (SELECT max(number) FROM waybills WHERE destination_company = ${input.destinationCompany})`.execute(
        conn,
      );
      await sql`SET session_replication_role = DEFAULT`.execute(conn);
    });
    assert.equal(await real(), first - 1);
    assert.equal(await count(q), first, 'kept while the version is unchanged');
    // ... until the documented recount after such loads moves the version.
    await sql`SELECT waybill_counts_rebuild()`.execute(s.ctx.db);
    await sql`SELECT waybill_sums_rebuild()`.execute(s.ctx.db);
    await sql`SELECT waybill_place_counts_rebuild()`.execute(s.ctx.db);
    assert.equal(await count(q), first - 1);

    // Every write through the API moves it at once: create, change, delete.
    const created = await s.req('POST', '/api/waybills/', { token, body: input });
    assert.equal(created.status, 201, created.text);
    assert.equal(await count(q), first);
    const other = (
      await sql<{ c: string }>`SELECT registry_code AS c FROM companies WHERE registry_code <> ${input.destinationCompany} LIMIT 1`.execute(
        s.ctx.db,
      )
    ).rows[0];
    const dest = (
      await sql<{
        code: string;
        company: string;
      }>`SELECT destination_code AS code, company FROM warehouses WHERE destination_code IS NOT NULL AND company <> ${input.destinationCompany} LIMIT 1`.execute(
        s.ctx.db,
      )
    ).rows[0];
    assert.ok(other && dest);
    const moved = await s.write('PATCH', `/api/waybills/${created.body.number}/`, { token, body: { destination: dest.code } });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(await count(q), first - 1);
    assert.equal((await s.write('DELETE', `/api/waybills/${created.body.number}/`, { token })).status, 204);
    assert.equal(await count(q), first - 1);
    assert.equal(await count(q), await real());

    // A write another transaction has not committed yet does not show; once committed it does.
    const client = await s.ctx.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `UPDATE waybills SET notes = 'x' WHERE destination_company = $1 AND number = (SELECT min(number) FROM waybills WHERE destination_company = $1)`,
        [input.destinationCompany],
      );
      await client.query('DELETE FROM waybills WHERE number = (SELECT max(number) FROM waybills WHERE destination_company = $1)', [
        input.destinationCompany,
      ]);
      assert.equal(await count(q), first - 1, 'uncommitted');
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    assert.equal(await count(q), first - 2, 'committed');
    assert.equal(await count(q), await real());
  });

  test('a list filtered by a place or an assortment (with statuses and whole months) counts from its kept buckets, exact after every write', async () => {
    const one = async (column: string) =>
      (
        await sql<{ v: string }>`SELECT ${sql.ref(column)} AS v FROM waybills GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`.execute(
          s.ctx.db,
        )
      ).rows[0]!.v;
    const [origin, destination, company, assortment] = await Promise.all(
      ['origin', 'destination', 'destination_company', 'assortment'].map(one),
    );
    const month = (
      await sql<{
        m: string;
      }>`SELECT to_char(date_trunc('month', transport_date), 'YYYY-MM-DD') AS m FROM waybills GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`.execute(
        s.ctx.db,
      )
    ).rows[0]!.m;
    const monthEnd = (
      await sql<{ d: string }>`SELECT to_char(${month}::date + interval '1 month - 1 day', 'YYYY-MM-DD') AS d`.execute(s.ctx.db)
    ).rows[0]!.d;
    /** Each list's query, and the SQL condition that selects its rows. */
    const lists: [string, RawBuilder<unknown>][] = [
      [`origin=${origin}`, sql`origin = ${origin}`],
      [`destination=${destination}&status=delivered`, sql`destination = ${destination} AND status = 'delivered'`],
      [
        `destinationCompany=${company}&statusIn=draft,confirmed`,
        sql`destination_company = ${company} AND status IN ('draft', 'confirmed')`,
      ],
      [
        `origin=${origin}&transportDateAfter=${month}&transportDateBefore=${monthEnd}`,
        sql`origin = ${origin} AND transport_date BETWEEN ${month}::date AND ${monthEnd}::date`,
      ],
      [`assortment=${assortment}&status=delivered`, sql`assortment = ${assortment} AND status = 'delivered'`],
    ];
    const check = async (what: string) => {
      for (const [q, where] of lists) {
        const real = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM waybills WHERE ${where}`.execute(s.ctx.db)).rows[0]!.n);
        assert.equal(await count(q), real, `${q} ${what}`);
      }
    };
    await check('at first');
    // Every kind of write, through the API: a new waybill there, one moved away, a status, a date.
    const input = { ...(await waybillInput(s)), origin, destination, assortment, transportDate: month };
    const created = await s.req('POST', '/api/waybills/', { token, body: input });
    assert.equal(created.status, 201, created.text);
    await check('after a create');
    const number = created.body.number as string;
    for (const change of [{ transportDate: monthEnd.replace(/-\d\d$/, '-15') }, { status: 'confirmed' }, { status: 'delivered' }]) {
      const r = await s.write('PATCH', `/api/waybills/${number}/`, { token, body: change });
      assert.equal(r.status, 200, r.text);
      await check(`after ${JSON.stringify(change)}`);
    }
    const elsewhere = (
      await sql<{
        o: string;
        d: string;
      }>`SELECT (SELECT origin_code FROM warehouses WHERE origin_code IS NOT NULL AND origin_code <> ${origin} LIMIT 1) AS o,
          (SELECT destination_code FROM warehouses WHERE destination_code IS NOT NULL AND destination_code <> ${destination} LIMIT 1) AS d`.execute(
        s.ctx.db,
      )
    ).rows[0]!;
    const second = await s.req('POST', '/api/waybills/', { token, body: input });
    assert.equal(second.status, 201, second.text);
    await check('after a second create');
    const away = await s.write('PATCH', `/api/waybills/${second.body.number}/`, {
      token,
      body: { origin: elsewhere.o, destination: elsewhere.d },
    });
    assert.equal(away.status, 200, away.text);
    await check('after it moved away');
    assert.equal((await s.write('DELETE', `/api/waybills/${second.body.number}/`, { token })).status, 204);
    await check('after a delete');
    // In SQL: many rows in one statement.
    await sql`UPDATE waybills SET status = 'cancelled' WHERE origin = ${origin} AND status = 'draft'`.execute(s.ctx.db);
    await check('after a statement moving many');
    // The counts come from the kept buckets, not from the rows: a row deleted behind the triggers'
    // back stays counted, even after a write elsewhere moves the table's version (which a count
    // kept per filter would follow by counting again), until the rebuild.
    const [q, where] = lists[0]!;
    const was = await count(q);
    await s.ctx.db.connection().execute(async (conn) => {
      await sql`SET session_replication_role = replica`.execute(conn);
      await sql`DELETE FROM waybills WHERE number = (SELECT max(number) FROM waybills WHERE ${where})`.execute(conn);
      await sql`SET session_replication_role = DEFAULT`.execute(conn);
    });
    await sql`UPDATE waybills SET notes = 'elsewhere' WHERE number = (SELECT min(number) FROM waybills WHERE NOT (${where}))`.execute(
      s.ctx.db,
    );
    assert.equal(await count(q), was, 'from the kept buckets');
    await sql`SELECT waybill_place_counts_rebuild()`.execute(s.ctx.db);
    assert.equal(await count(q), was - 1, 'rebuilt');
    assert.deepEqual(
      (await checkCounts(s.ctx.db)).filter((d) => d.table === 'waybill_place_counts'),
      [],
    );
  });

  test("a bucket's changes move with every write to its waybills, before or after, and never go back", async () => {
    /** Each bucket's changes, shards summed. */
    const changes = async (): Promise<Record<string, number>> =>
      Object.fromEntries(
        (
          await sql<{ k: string; c: number }>`SELECT status || ' ' || to_char(month, 'YYYY-MM') AS k, sum(changes)::int AS c
            FROM waybill_counts GROUP BY 1 ORDER BY 1`.execute(s.ctx.db)
        ).rows.map((x) => [x.k, x.c]),
      );
    const row = (
      await sql<{ number: string; status: string; month: string }>`SELECT number, status, to_char(transport_date, 'YYYY-MM') AS month
        FROM waybills ORDER BY number LIMIT 1`.execute(s.ctx.db)
    ).rows[0]!;
    /** The buckets whose changes moved since `was` (each must have moved forward). */
    const moved = async (was: Record<string, number>) => {
      const now = await changes();
      for (const [k, c] of Object.entries(was)) assert.ok((now[k] ?? -1) >= c, `${k} went back`);
      return { now, keys: Object.keys(now).filter((k) => now[k] !== was[k]) };
    };
    let was = await changes();
    // Its own bucket, though neither its status nor its month changed (so no count moved).
    await sql`UPDATE waybills SET notes = 'changed' WHERE number = ${row.number}`.execute(s.ctx.db);
    let r = await moved(was);
    const own = `${row.status} ${row.month}`;
    assert.deepEqual(r.keys, [own]);
    // A new status: the bucket it left and the one it entered.
    was = r.now;
    const status = row.status === 'cancelled' ? 'draft' : 'cancelled';
    await sql`UPDATE waybills SET status = ${status} WHERE number = ${row.number}`.execute(s.ctx.db);
    r = await moved(was);
    assert.deepEqual(r.keys.sort(), [`${status} ${row.month}`, own].sort());
    // A statement that writes no row moves none.
    was = r.now;
    await sql`UPDATE waybills SET notes = 'none' WHERE number = 'no such waybill'`.execute(s.ctx.db);
    assert.deepEqual((await moved(was)).keys, []);
    // A rebuild moves every bucket (rows written without the triggers may be in any of them), and a
    // truncate does too: the buckets stay, so a sum over any of them only grows.
    await sql`SELECT waybill_counts_rebuild()`.execute(s.ctx.db);
    r = await moved(was);
    assert.deepEqual(r.keys.sort(), Object.keys(was).sort());
    assert.deepEqual(await counterBuckets(), await realBuckets());
  });

  test('the migration fills the counter table from the waybills of an existing database', async () => {
    const expected = await realBuckets();
    await sql`DROP TABLE waybill_counts; DROP FUNCTION waybill_counts_apply, waybill_counts_rebuild, waybill_counts_truncated CASCADE`.execute(
      s.ctx.db,
    );
    // The migration's own SQL, run again as it ran on existing databases (node-pg-migrate would refuse
    // to run a file older than the last one applied).
    // With what later migrations made of it: the buckets' changes (056).
    for (const file of ['007_waybill_counts.sql', '056_waybill_bucket_changes.sql'])
      await s.ctx.pool.query(`BEGIN; ${fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')}; COMMIT;`);
    assert.deepEqual(await counterBuckets(), expected);
    assert.equal(
      await count(),
      Object.values(expected).reduce((a, b) => a + b, 0),
    );
    // ...and after a bulk load that bypassed the triggers, rebuilding makes it exact again.
    await s.ctx.db.connection().execute(async (conn) => {
      await sql`SET session_replication_role = replica`.execute(conn);
      await sql`INSERT INTO waybills (number, status, transport_date, origin, destination, destination_company, driver_name, vehicle_number, mileage, assortment, quantity)
      SELECT 'BULK-' || g || '-' || number, 'delivered', transport_date, origin, destination, destination_company, driver_name, vehicle_number, mileage, assortment, quantity
      FROM waybills, generate_series(1, 2) g WHERE number NOT LIKE 'BULK-%'`.execute(conn);
      await sql`SET session_replication_role = DEFAULT`.execute(conn);
    });
    await sql`SELECT waybill_counts_rebuild()`.execute(s.ctx.db);
    assert.deepEqual(await counterBuckets(), await realBuckets());
    const changes = async () =>
      Number((await sql<{ c: string }>`SELECT sum(changes) AS c FROM waybill_counts`.execute(s.ctx.db)).rows[0]!.c);
    const buckets = async () => Number((await sql<{ c: string }>`SELECT count(*) AS c FROM waybill_counts`.execute(s.ctx.db)).rows[0]!.c);
    const [wasChanges, wasBuckets] = [await changes(), await buckets()];
    await sql`TRUNCATE waybills CASCADE`.execute(s.ctx.db);
    assert.equal(await count(), 0);
    assert.equal(await buckets(), wasBuckets, 'the buckets stay');
    assert.equal(await changes(), wasChanges + wasBuckets, 'each one moved');
  });
});
