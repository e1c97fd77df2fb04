import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { startServer, type TestServer } from './helpers.js';
import { waybillSpec } from '../src/waybills/queries.js';
import { listConds, whereClause } from '../src/list/filters.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('waybill-page-plans', () => {
  // A page whose filters the counter table answers, with a date bound among them, is planned once for
  // every value and finds its rows by walking the sort order or by sorting its matches, whichever the
  // exact count picks (waybills/queries.ts countChoosesWay, docs/decisions/0015): both ways answer the rows
  // and the order a plain query gives.
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer();
    token = await s.user();
    // The table's row estimate decides the way: the one a running database has.
    await sql`ANALYZE waybills`.execute(s.ctx.db);
  });
  after(async () => {
    await s.close();
  });

  const orders: Record<string, string> = {
    '': 'transport_date DESC, number DESC',
    mileage: 'mileage ASC, transport_date ASC, number ASC',
    '-mileage': 'mileage DESC, transport_date DESC, number DESC',
    number: 'number ASC',
    '-quantity': 'quantity DESC, number DESC',
  };

  test('status and month filters: the page is the plain query’s, walked or sorted', async () => {
    const [{ first, last }] = (
      await sql<{
        first: string;
        last: string;
      }>`SELECT min(transport_date)::text AS first, max(transport_date)::text AS last FROM waybills`.execute(s.ctx.db)
    ).rows as [{ first: string; last: string }];
    const month = last.slice(0, 7);
    const monthEnd = (
      await sql<{ d: string }>`SELECT ((${month + '-01'}::date + interval '1 month')::date - 1)::text AS d`.execute(s.ctx.db)
    ).rows[0]!.d;
    const ranges: [string | undefined, string | undefined][] = [
      [`${month}-01`, monthEnd],
      [`${first.slice(0, 7)}-01`, undefined],
      [undefined, monthEnd],
      ['2099-01-01', '2099-01-31'],
    ];
    // None: the dates alone.
    const statusSets = [['delivered'], ['draft'], ['draft', 'confirmed'], ['cancelled', 'delivered', 'invoiced'], []];
    let walked = 0;
    let sorted = 0;
    for (const [after, before] of ranges)
      for (const statuses of statusSets)
        for (const sort of Object.keys(orders))
          for (const pageNumber of [1, 2]) {
            const qs = new URLSearchParams({ pageSize: '25', pageNumber: String(pageNumber) });
            if (statuses.length === 1) qs.set('status', statuses[0]!);
            else for (const st of statuses) qs.append('statusIn', st);
            if (after) qs.set('transportDateAfter', after);
            if (before) qs.set('transportDateBefore', before);
            if (sort) qs.set('sort', sort);
            const want = (
              await sql<{ number: string; n: string }>`SELECT number, count(*) OVER () AS n FROM waybills
              WHERE (cardinality(${statuses}::text[]) = 0 OR status = ANY(${statuses})) AND transport_date >= coalesce(${after ?? null}::date, '-infinity')
                AND transport_date <= coalesce(${before ?? null}::date, 'infinity')
              ORDER BY ${sql.raw(orders[sort]!)}`.execute(s.ctx.db)
            ).rows;
            const r = await s.req('GET', `/api/waybills/?${qs}`, { token });
            const page = want.slice((pageNumber - 1) * 25, pageNumber * 25);
            if (page.length === 0 && pageNumber > 1) {
              assert.equal(r.status, 404, qs.toString());
              continue;
            }
            assert.equal(r.status, 200, `${qs}: ${r.text}`);
            assert.equal(r.body.count, want.length, qs.toString());
            assert.deepEqual(
              r.body.results.map((w: { number: string }) => w.number),
              page.map((w) => w.number),
              qs.toString(),
            );
            const rows = (
              await sql<{ reltuples: number }>`SELECT reltuples FROM pg_class WHERE oid = 'waybills'::regclass`.execute(s.ctx.db)
            ).rows[0]!;
            if (want.length ** 2 >= pageNumber * 25 * Math.max(rows.reltuples, 0)) walked++;
            else sorted++;
          }
    // Both ways were taken.
    assert.ok(walked > 0 && sorted > 0, `walked ${walked}, sorted ${sorted}`);
  });

  test('pages whose values do not choose the way keep one plan; others are planned for their values', async () => {
    const [mode] = (await s.ctx.plannedOnce.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows;
    assert.equal(mode?.plan_cache_mode, 'force_generic_plan');
    const pool = s.ctx.plannedOnce;
    const original = pool.query.bind(pool);
    let calls = 0;
    pool.query = ((...args: Parameters<typeof pool.query>) => {
      calls++;
      return (original as (...a: unknown[]) => unknown)(...args);
    }) as typeof pool.query;
    try {
      const planned = async (query: string) => {
        const before = calls;
        const r = await s.req('GET', `/api/waybills/?${query}`, { token });
        assert.equal(r.status, 200, `${query}: ${r.text}`);
        return calls > before;
      };
      // Statuses, none, a search alone, statuses within months (their values hidden): one plan.
      for (const query of [
        'statusIn=delivered&statusIn=confirmed&sort=-transportDate',
        'sort=number',
        'search=a',
        'status=draft&transportDateAfter=2020-01-01',
      ])
        assert.ok(await planned(query), query);
      // A value of its own index against the walk: planned for the value.
      for (const query of ['origin=nowhere&sort=-transportDate', 'driverName=Nobody', 'search=a&status=draft'])
        assert.ok(!(await planned(query)), query);
    } finally {
      pool.query = original;
    }
  });

  test('dates alone or one status, by date or by mileage: one walk of an index that holds only the matches, no second way', async () => {
    const pool = s.ctx.plannedOnce;
    const original = pool.query.bind(pool);
    let text = '';
    pool.query = ((config: { text: string }, ...rest: unknown[]) => {
      if (typeof config === 'object' && /FROM waybills b/.test(config.text)) text = config.text;
      return (original as (...a: unknown[]) => unknown)(config, ...rest);
    }) as typeof pool.query;
    // The second way of a count's choice reads the matches fenced (OFFSET 0) to sort them.
    const ways = async (query: string) => {
      text = '';
      const r = await s.req('GET', `/api/waybills/?${query}&pageNumber=2&pageSize=10`, { token });
      assert.equal(r.status, 200, `${query}: ${r.text}`);
      assert.ok(text, query);
      return /OFFSET 0\)/.test(text) ? 2 : 1;
    };
    try {
      for (const query of [
        'transportDateAfter=2020-01-01&sort=transportDate',
        'transportDateBefore=2099-01-31&sort=-mileage',
        'status=delivered&transportDateAfter=2020-01-01&sort=mileage',
      ])
        assert.equal(await ways(query), 1, query);
      assert.equal(await ways('statusIn=delivered&statusIn=draft&transportDateAfter=2020-01-01&sort=transportDate'), 2);
    } finally {
      pool.query = original;
    }
  });

  test('one value of a list filter is an equality, so the index on its column gives the page in order', async () => {
    // `= ANY` of an array, even of one value, never reads an index in the order after its column:
    // on 1,000,000 waybills a company's page 150 then took 58 ms instead of 7 (docs/decisions/0030).
    const company = (await sql<{ c: string }>`SELECT destination_company AS c FROM waybills LIMIT 1`.execute(s.ctx.db)).rows[0]!.c;
    // What the filter compiles to: the planner reads `=` from the index on (company, date, number)
    // in the page's order; on the few rows here it reads the date index instead, either way.
    const compiled = (q: Record<string, unknown>) => whereClause(listConds(waybillSpec, q)).compile(s.ctx.db);
    const one = compiled({ destinationCompany: [company] });
    assert.equal(one.sql, 'WHERE b.destination_company = $1');
    assert.deepEqual(one.parameters, [company]);
    assert.equal(compiled({ destinationCompany: [company, 'other'] }).sql, 'WHERE b.destination_company = ANY($1)');
    assert.equal(compiled({ statusIn: ['draft'] }).sql, 'WHERE b.status = $1');
    // And it answers the same rows.
    for (const q of [`destinationCompany=${company}`, `destinationCompany=${company}&destinationCompany=other`]) {
      const r = await s.req('GET', `/api/waybills/?${q}&pageSize=100`, { token });
      assert.equal(r.status, 200, r.text);
      const want = (await sql<{ n: string }>`SELECT count(*) AS n FROM waybills WHERE destination_company = ${company}`.execute(s.ctx.db))
        .rows[0]!.n;
      assert.equal(r.body.count, Number(want), q);
      assert.ok(
        r.body.results.every((w: { destinationCompany: string }) => w.destinationCompany === company),
        q,
      );
    }
  });
});
