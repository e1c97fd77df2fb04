import path from 'node:path';
import fs from 'node:fs';
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { LIMITS } from '@timberlog/contract';
import { MIGRATIONS_DIR } from '../src/infra/migrate.js';
import { waybillSpec } from '../src/waybills/queries.js';
import { searchWalkReach } from '../src/list/run.js';
import { startServer, waybillInput, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('waybill-search', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer({}, { workers: false });
    token = await s.user();
  });
  after(async () => {
    await s.close();
  });

  const list = async (query: string) => {
    const r = await s.req('GET', `/api/waybills/?${query}`, { token });
    assert.equal(r.status, 200, r.text);
    return r.body as { count: number; results: { number: string }[] };
  };
  /**
   * How far the kept texts are from the waybills: texts counted differently (shards summed, texts no
   * waybill carries left out), plus waybills whose number and text do not make the list's search
   * expression.
   */
  async function searchTableDiff(): Promise<number> {
    const kept = sql`SELECT doc, sum(n)::bigint AS n FROM waybill_texts GROUP BY doc HAVING sum(n) <> 0`;
    const real = sql`SELECT waybill_text(b) AS doc, count(*)::bigint AS n FROM waybills b GROUP BY 1`;
    const r = await sql<{ n: number }>`SELECT (SELECT count(*)::int FROM ((${kept} EXCEPT ${real}) UNION ALL (${real} EXCEPT ${kept})) d)
    + (SELECT count(*)::int FROM waybills b WHERE lower(b.number) || ' ' || waybill_text(b) <> ${sql.raw(waybillSpec.searchExpr!)}) AS n`.execute(
      s.ctx.db,
    );
    return r.rows[0]!.n;
  }
  const realCount = async (term: string) =>
    Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM waybills b WHERE strpos(${sql.raw(waybillSpec.searchExpr!)}, ${term}) > 0`.execute(s.ctx.db)
      ).rows[0]!.n,
    );

  test('the kept search texts count the waybills exactly, through creates, edits, renumbering, deletes and truncates', async () => {
    assert.equal(await searchTableDiff(), 0, 'after the seed');
    const input = await waybillInput(s);
    const created = await s.req('POST', '/api/waybills/', { token, body: { ...input, notes: 'Weighed by Zebulon' } });
    assert.equal(created.status, 201, created.text);
    const number = created.body.number as string;
    assert.equal(await searchTableDiff(), 0, 'after a create');
    assert.equal((await list('search=zebulon')).count, 1);

    assert.equal(
      (await s.write('PATCH', `/api/waybills/${number}/`, { token, body: { notes: 'Weighed by Quentin', driverName: 'Xavier Zoon' } }))
        .status,
      200,
    );
    assert.equal(await searchTableDiff(), 0, 'after an edit');
    assert.equal((await list('search=zebulon')).count, 0);
    assert.equal((await list('search=quentin')).count, 1);
    assert.equal((await list('search=xavier%20zoon')).count, 1);

    // An edit of other fields writes nothing there.
    const rows = async () =>
      (
        await sql<{ r: string }>`SELECT string_agg(xmin::text || ctid::text, ',' ORDER BY key, shard) AS r FROM waybill_texts`.execute(
          s.ctx.db,
        )
      ).rows[0]!.r;
    const was = await rows();
    assert.equal((await s.write('PATCH', `/api/waybills/${number}/`, { token, body: { mileage: 321 } })).status, 200);
    assert.equal(await rows(), was);

    // Many rows in one statement, a number that changes among them.
    await sql`UPDATE waybills SET notes = notes || ' (checked)', number = CASE WHEN number = ${number} THEN ${number + '-R'} ELSE number END
    WHERE number IN (${number}, (SELECT min(number) FROM waybills))`.execute(s.ctx.db);
    assert.equal(await searchTableDiff(), 0, 'after a multi-row update with a renumbering');
    assert.equal((await list(`search=${encodeURIComponent(number.toLowerCase())}-r`)).count, 1);

    assert.equal((await s.write('DELETE', `/api/waybills/${number}-R/`, { token })).status, 204);
    assert.equal(await searchTableDiff(), 0, 'after a delete');
    assert.equal((await list('search=quentin')).count, 0);

    // A transaction that rolls back leaves no trace; a truncate empties the table with the waybills.
    await s.ctx.db
      .transaction()
      .execute(async (trx) => {
        await sql`TRUNCATE waybills CASCADE`.execute(trx);
        assert.equal(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM waybill_texts`.execute(trx)).rows[0]!.n), 0);
        throw new Error('roll back');
      })
      .catch((e: Error) => assert.equal(e.message, 'roll back'));
    assert.equal(await searchTableDiff(), 0, 'after a rollback');
  });

  /**
   * The page statement a list request ran (a search alone runs on the planned-once pool), run again
   * under EXPLAIN ANALYZE: the request's count and every plan node that was executed.
   */
  const executedNodes = async (query: string) => {
    const pool = s.ctx.plannedOnce;
    const original = pool.query.bind(pool);
    let statement: { text: string; values: unknown[] } | undefined;
    pool.query = ((config: { text: string; values: unknown[] }, ...rest: unknown[]) => {
      if (typeof config === 'object' && /search_texts/.test(config.text)) statement = { text: config.text, values: config.values };
      return (original as (...a: unknown[]) => unknown)(config, ...rest);
    }) as typeof pool.query;
    let count: number;
    try {
      count = (await list(query)).count;
    } finally {
      pool.query = original;
    }
    assert.ok(statement, `${query}: the page read the matches it found once`);
    const [row] = (await s.ctx.pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values)).rows as [
      { 'QUERY PLAN': [{ Plan: Record<string, unknown> }] },
    ];
    const nodes: Record<string, unknown>[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (Number(node['Actual Loops']) > 0) nodes.push(node);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk(row['QUERY PLAN'][0]!.Plan);
    return { count, nodes };
  };

  test('a search alone is counted exactly, and moves at once with every write', async () => {
    const input = await waybillInput(s);
    const term = 'ygritte';
    assert.equal((await list(`search=${term}`)).count, 0);
    const made = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        s.req('POST', '/api/waybills/', { token, body: { ...input, notes: i % 2 ? `Seen by YGRITTE ${i}` : `seen by ygritte` } }),
      ),
    );
    assert.deepEqual(
      made.map((r) => r.status),
      Array(5).fill(201),
    );
    assert.equal((await list(`search=${term}`)).count, 5);
    assert.equal((await list(`search=%20${term.toUpperCase()}%20`)).count, 5, 'trimmed, in any case');
    assert.equal((await s.write('PATCH', `/api/waybills/${made[0]!.body.number}/`, { token, body: { notes: 'nobody' } })).status, 200);
    assert.equal((await list(`search=${term}`)).count, 4);
    assert.equal((await s.write('DELETE', `/api/waybills/${made[1]!.body.number}/`, { token })).status, 204);
    assert.equal((await list(`search=${term}`)).count, 3);
    // The same search with a filter is counted over the waybills: both agree.
    assert.equal((await list(`search=${term}&status=draft`)).count, 3);
    // Wildcards are matched as text.
    for (const t of ['%', '_', 'tamm', 'w-2026', 'abc'])
      assert.equal((await list(`search=${encodeURIComponent(t)}`)).count, await realCount(t), t);
  });

  test("a search's page is the same whether the sort order is walked (many matches) or its matches sorted (few)", async () => {
    const input = await waybillInput(s);
    const many = 'manymatch';
    const few = 'fewmatch';
    // Many: enough matches that the walk is chosen in date order on the first pages (count² ≥
    // searchWalkReach(offset + size) × rows, run.ts) and not on the 60th; few: two.
    await s.ctx.db.connection().execute(async (conn) => {
      await sql`INSERT INTO waybills (number, status, transport_date, origin, destination, destination_company, driver_name, vehicle_number, mileage, assortment, quantity, notes)
      SELECT 'S-' || lpad(g::text, 5, '0'), (ARRAY['draft','confirmed','delivered'])[1 + g % 3], date '2026-01-01' + (g % 300), ${input.origin}, ${input.destination}, ${input.destinationCompany},
             'Driver ' || g, 'S ' || g, g % 997, ${input.assortment}, 1 + g % 50,
             CASE WHEN g % 3 = 0 THEN 'by ' || ${many} WHEN g IN (17, 4000) THEN ${few} ELSE '' END
      FROM generate_series(1, 6000) g`.execute(conn);
      await sql`ANALYZE waybills`.execute(conn);
    });
    const rows = Number(
      (await sql<{ n: number }>`SELECT reltuples AS n FROM pg_class WHERE oid = 'waybills'::regclass`.execute(s.ctx.db)).rows[0]!.n,
    );
    const size = LIMITS.pageSizeDefault;
    const manyCount = await realCount(many);
    assert.ok(manyCount ** 2 >= searchWalkReach(2 * size, true) * rows, `${many} walks its first two pages: ${manyCount}², ${rows} rows`);
    assert.ok(manyCount ** 2 < searchWalkReach(60 * size, true) * rows, `and on its 60th page its matches are sorted`);
    assert.ok(manyCount > 59 * size, 'it has a 60th page');
    assert.ok(2 ** 2 < searchWalkReach(size, true) * rows, `${few} is sorted`);

    const orders: [sort: string, order: string][] = [
      ['', 'transport_date DESC, number DESC'],
      ['sort=number', 'number ASC'],
      ['sort=mileage', 'mileage ASC, transport_date ASC, number ASC'],
      ['sort=-transportDate', 'transport_date DESC, number DESC'],
    ];
    // A number's part: its waybills are found by their numbers, beside the texts' (waybills/queries.ts
    // searchFound); 's-0' is in every S- number and in no text, so its walk meets them by number.
    for (const term of [many, few, 's-0004', 's-0']) {
      for (const [sort, order] of orders) {
        for (const page of [1, 2, 60]) {
          const real = await sql<{
            number: string;
            n: string;
          }>`SELECT number, count(*) OVER () AS n FROM waybills b WHERE ${sql.raw(waybillSpec.searchExpr!)} LIKE ${`%${term}%`}
          ORDER BY ${sql.raw(order)} LIMIT ${size} OFFSET ${(page - 1) * size}`.execute(s.ctx.db);
          const r = await s.req('GET', `/api/waybills/?search=${term}&${sort}&pageNumber=${page}`, { token });
          if (real.rows.length === 0) {
            assert.equal(r.status, 404, `${term} ${sort} page ${page}`);
            continue;
          }
          assert.equal(r.status, 200, r.text);
          assert.equal(r.body.count, Number(real.rows[0]!.n));
          assert.deepEqual(
            r.body.results.map((x: { number: string }) => x.number),
            real.rows.map((x) => x.number),
            `${term} ${sort} page ${page}`,
          );
        }
      }
      // With a filter beside the search.
      const real = await sql<{
        number: string;
      }>`SELECT number FROM waybills b WHERE status = 'confirmed' AND ${sql.raw(waybillSpec.searchExpr!)} LIKE ${`%${term}%`} ORDER BY transport_date DESC, number DESC LIMIT ${size}`.execute(
        s.ctx.db,
      );
      assert.deepEqual(
        (await list(`search=${term}&status=confirmed`)).results.map((x) => x.number),
        real.rows.map((x) => x.number),
      );
    }

    // The walk tests each waybill it meets from the date index with the text key beside it (055),
    // not from the waybill: a first page of the many matches, newest first (of a size not asked
    // above, so no kept answer gives it), as it runs.
    await sql`VACUUM ANALYZE waybills`.execute(s.ctx.db);
    const { nodes } = await executedNodes(`search=${many}&pageSize=10`);
    const read = nodes.filter((node) => node['Relation Name'] === 'waybills');
    assert.ok(
      read.some((node) => node['Index Name'] === 'waybills_date_text_key_idx' && node['Node Type'] === 'Index Only Scan'),
      JSON.stringify(read.map((node) => [node['Node Type'], node['Index Name']])),
    );
    // Besides it, the table gives only the page's own rows (by key) and the waybills whose number
    // holds the term (the trigram index's candidates, rechecked): no walk of it in date order.
    assert.deepEqual(
      read
        .filter((node) => node['Index Name'] !== 'waybills_date_text_key_idx' && node['Index Name'] !== 'waybills_pkey')
        .map((node) => node['Node Type']),
      ['Bitmap Heap Scan'],
    );
  });

  test('a search alone finds its matching texts once for the count and the page', async () => {
    const input = await waybillInput(s);
    for (let i = 0; i < 2; i++) {
      const r = await s.req('POST', '/api/waybills/', { token, body: { ...input, notes: `Foundonce ${i}` } });
      assert.equal(r.status, 201, r.text);
    }
    const { count, nodes } = await executedNodes('search=foundonce');
    assert.equal(count, 2);
    // Every scan of the search texts that was executed.
    const scans = nodes.filter((node) => node['Relation Name'] === 'waybill_texts').map((node) => String(node['Node Type']));
    assert.equal(scans.length, 1, `the texts were read ${scans.length} times: ${scans.join(', ')}`);
  });

  test('the migration fills the search texts from the waybills of an existing database; a rebuild mends a bulk load', async () => {
    await sql`DROP TABLE waybill_texts; DROP INDEX waybills_number_search_idx;
    DROP FUNCTION waybill_texts_insert, waybill_texts_update, waybill_texts_delete, waybill_texts_truncate, waybill_texts_rebuild CASCADE;
    DROP FUNCTION waybill_texts_add, waybill_text`.execute(s.ctx.db);
    // The migration's own SQL, run again as it ran on existing databases (node-pg-migrate would refuse
    // to run a file older than the last one applied).
    await s.ctx.pool.query(`BEGIN; ${fs.readFileSync(path.join(MIGRATIONS_DIR, '011_waybill_search.sql'), 'utf8')}; COMMIT;`);
    assert.equal(await searchTableDiff(), 0);
    await s.ctx.db.connection().execute(async (conn) => {
      await sql`SET session_replication_role = replica`.execute(conn);
      await sql`UPDATE waybills SET notes = 'bulk edited' WHERE number IN (SELECT number FROM waybills ORDER BY number LIMIT 3)`.execute(
        conn,
      );
      await sql`SET session_replication_role = DEFAULT`.execute(conn);
    });
    assert.ok((await searchTableDiff()) > 0, 'the bulk load bypassed the triggers');
    await sql`SELECT waybill_texts_rebuild(), waybill_text_sums_rebuild()`.execute(s.ctx.db);
    assert.equal(await searchTableDiff(), 0);
    assert.equal((await list('search=bulk%20edited')).count, 3);
    assert.equal((await list('search=bulk')).count, 3);
  });

  test('concurrent writers of one text keep its count exact, and texts no waybill carries any more are dropped', async () => {
    const input = await waybillInput(s);
    const made = await Promise.all(
      Array.from({ length: 16 }, () => s.req('POST', '/api/waybills/', { token, body: { ...input, notes: 'Same note for all' } })),
    );
    assert.deepEqual(
      made.map((r) => r.status),
      Array(16).fill(201),
    );
    assert.equal((await list('search=same%20note')).count, 16);
    assert.equal((await list('search=note')).count, await realCount('note'));
    await Promise.all(
      made.map((r, i) =>
        s.req(i % 2 ? 'DELETE' : 'PATCH', `/api/waybills/${r.body.number}/`, {
          token,
          body: i % 2 ? undefined : { notes: 'Another' },
          headers: { 'if-match': r.headers.get('etag')! },
        }),
      ),
    );
    assert.equal(await searchTableDiff(), 0);
    assert.equal((await list('search=same')).count, 0);
    // A text one connection adds and takes away again leaves no row behind (across shards the rows
    // cancel out in the sum).
    const number = made[0]!.body.number as string;
    await s.ctx.db.connection().execute(async (conn) => {
      const rows = async () =>
        Number((await sql<{ n: string }>`SELECT count(*) AS n FROM waybill_texts WHERE doc LIKE '%only-here%'`.execute(conn)).rows[0]!.n);
      await sql`UPDATE waybills SET notes = 'only-here' WHERE number = ${number}`.execute(conn);
      assert.equal(await rows(), 1);
      await sql`UPDATE waybills SET notes = 'elsewhere' WHERE number = ${number}`.execute(conn);
      assert.equal(await rows(), 0);
    });
    assert.equal(await searchTableDiff(), 0);
  });

  test("search folds every letter's case, Estonian ones too, in the count and the page", async () => {
    const input = await waybillInput(s);
    const made = await s.req('POST', '/api/waybills/', {
      token,
      body: { ...input, driverName: 'Ülle Õunapuu', notes: 'ÄÄRMISELT ŠOKEERIV' },
    });
    assert.equal(made.status, 201, made.text);
    for (const term of ['ülle', 'ÜLLE', 'õunapuu', 'ÕUN', 'äärmiselt', 'Šokeeriv', 'ülle õunapuu']) {
      const r = await list(`search=${encodeURIComponent(term)}`);
      assert.equal(r.count, 1, term);
      assert.deepEqual(
        r.results.map((x) => x.number),
        [made.body.number],
        term,
      );
      // With a filter beside it, counted over the waybills.
      assert.equal((await list(`search=${encodeURIComponent(term)}&status=draft`)).count, 1, `${term} with a status`);
    }
  });
});
