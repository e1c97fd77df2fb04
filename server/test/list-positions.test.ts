import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { startServer, type TestServer } from './helpers.js';
import { waybillSpec } from '../src/waybills/queries.js';
import { positionStats } from '../src/list/positions.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('list-positions', () => {
  // A page after one read at the same version of the waybills starts from that page's last row
  // (list/positions.ts, docs/decisions/0027): every page is still the plain query's, at any version.
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer();
    token = await s.user();
  });
  after(async () => {
    await s.close();
  });

  const SIZE = 4;
  /** Each case: the list's query, and the plain SQL that selects and orders its rows. */
  const cases: { qs: string; where?: string; order: string }[] = [
    { qs: '', order: 'transport_date DESC, number DESC' },
    { qs: 'sort=mileage', order: 'mileage, transport_date, number' },
    { qs: 'status=delivered&sort=-mileage', where: `status = 'delivered'`, order: 'mileage DESC, transport_date DESC, number DESC' },
    { qs: 'sort=-quantity', order: 'quantity DESC, number DESC' },
    { qs: 'sort=driverName', order: 'driver_name, number' },
    {
      qs: 'statusIn=delivered&statusIn=confirmed&sort=transportDate',
      where: `status IN ('delivered', 'confirmed')`,
      order: 'transport_date, number',
    },
    { qs: 'search=a', where: `${waybillSpec.searchExpr} LIKE '%a%'`, order: 'transport_date DESC, number DESC' },
    {
      qs: 'search=a&sort=-mileage',
      where: `${waybillSpec.searchExpr} LIKE '%a%'`,
      order: 'mileage DESC, transport_date DESC, number DESC',
    },
  ];

  const plain = async (c: (typeof cases)[number]) =>
    (
      await sql<{
        number: string;
      }>`SELECT number FROM waybills b ${sql.raw(c.where ? `WHERE ${c.where}` : '')} ORDER BY ${sql.raw(c.order)}`.execute(s.ctx.db)
    ).rows.map((r) => r.number);
  const page = async (qs: string, pageNumber: number) => {
    const r = await s.req('GET', `/api/waybills/?${[qs, `pageSize=${SIZE}`, `pageNumber=${pageNumber}`].filter(Boolean).join('&')}`, {
      token,
    });
    assert.equal(r.status, 200, `${qs} page ${pageNumber}: ${r.text}`);
    return { count: r.body.count as number, numbers: r.body.results.map((w: { number: string }) => w.number) as string[] };
  };

  test('every page after the first starts from the page before it, and is the plain query’s', async () => {
    for (const c of cases) {
      const want = await plain(c);
      const pages = Math.ceil(want.length / SIZE);
      assert.ok(pages >= 3, `${c.qs}: ${want.length} rows`);
      const seeks = positionStats.seeks;
      for (let n = 1; n <= pages; n++) {
        const got = await page(c.qs, n);
        assert.equal(got.count, want.length, c.qs);
        assert.deepEqual(got.numbers, want.slice((n - 1) * SIZE, n * SIZE), `${c.qs} page ${n}`);
      }
      // Page 1 walks nothing; each later one found its start from the last row of the one before.
      assert.equal(positionStats.seeks - seeks, pages - 1, c.qs);
      // A page further on starts from the nearest kept row before it: page 2 again, from page 1's.
      const again = positionStats.seeks;
      assert.deepEqual((await page(c.qs, 2)).numbers, want.slice(SIZE, 2 * SIZE), `${c.qs} page 2 again`);
      assert.ok(positionStats.seeks - again <= 1, c.qs);
    }
  });

  test('after a write the kept rows are not used: the pages follow the rows as they are now', async () => {
    const c = cases[1]!;
    const before = await plain(c);
    for (let n = 1; n <= 3; n++) await page(c.qs, n);
    // The first row goes to the end (the largest mileage), so every later page moves up by one.
    await sql`UPDATE waybills SET mileage = (SELECT max(mileage) + 1 FROM waybills) WHERE number = ${before[0]!}`.execute(s.ctx.db);
    const want = await plain(c);
    assert.notDeepEqual(want.slice(3 * SIZE, 4 * SIZE), before.slice(3 * SIZE, 4 * SIZE));
    const seeks = positionStats.seeks;
    assert.deepEqual((await page(c.qs, 4)).numbers, want.slice(3 * SIZE, 4 * SIZE), 'page 4 after the write');
    assert.equal(positionStats.seeks, seeks, 'the row kept before the write is not sought from');
    // Kept again at the new version: the next page starts from it.
    assert.deepEqual((await page(c.qs, 5)).numbers, want.slice(4 * SIZE, 5 * SIZE), 'page 5');
    assert.equal(positionStats.seeks, seeks + 1);
    // Once a statement has read a newer version, rows kept at an older one are not even offered.
    await page(c.qs, 6);
    await sql`UPDATE waybills SET notes = 'moved' WHERE number = ${before[1]!}`.execute(s.ctx.db);
    await page('sort=number', 1);
    const offered = positionStats.offered;
    assert.deepEqual((await page(c.qs, 7)).numbers, (await plain(c)).slice(6 * SIZE, 7 * SIZE), 'page 7');
    assert.equal(positionStats.offered, offered);
  });

  test('a status within whole months keeps its positions past writes to other waybills, and follows every write to its own', async () => {
    // Forty waybills of one status in a month of their own: the filters select whole buckets, so
    // the positions are kept with their own version (ListSpec.filterVersion).
    await sql`INSERT INTO waybills (number, status, transport_date, origin, destination, destination_company, driver_name, vehicle_number, mileage, assortment, quantity)
      SELECT 'POS-' || g, 'delivered', '2030-03-01'::date + g % 28, origin, destination, destination_company, driver_name, vehicle_number, g * 37 % 500, assortment, quantity
      FROM (SELECT * FROM waybills ORDER BY number LIMIT 1) w, generate_series(1, 40) g`.execute(s.ctx.db);
    const c = {
      qs: 'status=delivered&transportDateAfter=2030-03-01&transportDateBefore=2030-03-31&sort=-mileage',
      where: `status = 'delivered' AND transport_date BETWEEN '2030-03-01' AND '2030-03-31'`,
      order: 'mileage DESC, transport_date DESC, number DESC',
    };
    const rows = await plain(c);
    assert.equal(rows.length, 40);
    const check = async (n: number, what: string) =>
      assert.deepEqual((await page(c.qs, n)).numbers, (await plain(c)).slice((n - 1) * SIZE, n * SIZE), what);
    for (let n = 1; n <= 2; n++) await check(n, `page ${n}`);
    // A write to a waybill of another status or month: page 3 still starts from page 2's last row.
    const outside = (
      await sql<{ number: string }>`SELECT number FROM waybills WHERE NOT (${sql.raw(c.where)}) ORDER BY number LIMIT 1`.execute(s.ctx.db)
    ).rows[0]!.number;
    const version = async () => (await sql<{ v: string }>`SELECT (${waybillSpec.version!})::text AS v`.execute(s.ctx.db)).rows[0]!.v;
    const before = await version();
    await sql`UPDATE waybills SET mileage = mileage + 1, notes = 'elsewhere' WHERE number = ${outside}`.execute(s.ctx.db);
    assert.notEqual(await version(), before, "the table's version moved");
    let seeks = positionStats.seeks;
    await check(3, 'page 3 after a write elsewhere');
    assert.equal(positionStats.seeks, seeks + 1, 'page 3 starts from page 2’s last row');
    // Each kind of write to the filter's own rows: the next page is the rows as they are now, and
    // is not found from a row kept before it; the page after it is again.
    const writes: [string, (number: string) => Promise<unknown>][] = [
      ['a mileage within the filter', (n) => sql`UPDATE waybills SET mileage = 1 WHERE number = ${n}`.execute(s.ctx.db)],
      ['a waybill leaving the status', (n) => sql`UPDATE waybills SET status = 'cancelled' WHERE number = ${n}`.execute(s.ctx.db)],
      [
        'a waybill entering the month',
        async () =>
          sql`UPDATE waybills SET transport_date = '2030-03-15', status = 'delivered', mileage = 9000
            WHERE number = (SELECT number FROM waybills WHERE number NOT LIKE 'POS-%' ORDER BY number LIMIT 1)`.execute(s.ctx.db),
      ],
    ];
    let n = 3;
    for (const [what, write] of writes) {
      const now = await plain(c);
      await write(now[0]!);
      seeks = positionStats.seeks;
      await check(++n, `page ${n} after ${what}`);
      assert.equal(positionStats.seeks, seeks, `${what}: not sought from a row kept before it`);
      await check(++n, `page ${n} after ${what}, from the page before it`);
      assert.equal(positionStats.seeks, seeks + 1, what);
    }
  });

  test('an order in two directions walks its offset: one row comparison cannot follow it', async () => {
    const want = (
      await sql<{ number: string }>`SELECT number FROM waybills ORDER BY transport_date, mileage DESC, number`.execute(s.ctx.db)
    ).rows.map((r) => r.number);
    const seeks = positionStats.seeks;
    for (let n = 1; n <= 3; n++)
      assert.deepEqual((await page('sort=transportDate&sort=-mileage', n)).numbers, want.slice((n - 1) * SIZE, n * SIZE), `page ${n}`);
    assert.equal(positionStats.seeks, seeks);
  });

  test('every field a page may start after is a column that is never null, of the type its key is cast to', async () => {
    const columns = (
      await sql<{ column: string; notNull: boolean; type: string }>`SELECT attname AS column, attnotnull AS "notNull",
          format_type(atttypid, NULL) AS type FROM pg_attribute
        WHERE attrelid = 'waybills'::regclass AND attnum > 0 AND NOT attisdropped`.execute(s.ctx.db)
    ).rows;
    const seekable = waybillSpec.seekable ?? {};
    assert.ok(Object.keys(seekable).length > 0);
    for (const [field, type] of Object.entries(seekable)) {
      const column = (field === waybillSpec.list.key ? waybillSpec.tiebreak : waybillSpec.columns[field])!.replace(/^b\./, '');
      const found = columns.find((c) => c.column === column);
      assert.equal(found?.notNull, true, field);
      assert.equal(found?.type, type, field);
    }
  });
});
