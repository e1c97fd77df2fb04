import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { Kysely, PostgresDialect, sql, type RawBuilder } from 'kysely';
import { createDatabase } from '../src/dev/embedded-pg.js';
import { CopyRows, copyField, copyStatement } from '../src/exports/copy-rows.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('export-copy', () => {
  /**
   * Rows through COPY: the values bound as settings mean what they meant as parameters, never become
   * SQL, and every value comes back as a plain query returns it.
   */
  let pool: pg.Pool;
  let db: Kysely<Record<string, never>>;
  before(async () => {
    const url = await createDatabase(process.env.TEST_PG_URL!, `t_copy_${process.pid}`);
    pool = new pg.Pool({ connectionString: url, max: 2, options: '-c TimeZone=UTC' });
    // The driver pool is only for compiling here: every query below runs on a client of `pool`.
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  });
  after(async () => {
    await pool.end();
  });

  const asText = { getTypeParser: () => (x: string) => x };

  async function drain(copy: CopyRows, batch: number, signal?: AbortSignal): Promise<{ rows: (string | null)[][]; batches: number }> {
    const rows: (string | null)[][] = [];
    let batches = 0;
    for (;;) {
      const got = await copy.next(signal);
      if (got.length === 0) break;
      assert.ok(got.length <= batch, `a batch of ${got.length} rows, more than ${batch}`);
      batches += 1;
      for (const r of got) rows.push(r.map(copyField));
    }
    return { rows, batches };
  }

  async function copyAll(select: string, batch: number, signal?: AbortSignal) {
    const client = await pool.connect();
    const copy = new CopyRows(client, select, batch);
    try {
      const result = await drain(copy, batch, signal);
      client.release();
      return result;
    } catch (err) {
      // As the report does: a COPY still under way ends with its connection.
      client.release(copy.done ? undefined : (err as Error));
      throw err;
    }
  }

  /** `query` through COPY with its values as settings, in one transaction, beside the plain query's rows. */
  async function copyWithValues(query: RawBuilder<unknown>, batch = 10) {
    const compiled = query.compile(db);
    const plain = await pool.query({ text: compiled.sql, values: compiled.parameters as unknown[], rowMode: 'array', types: asText });
    const client = await pool.connect();
    try {
      await client.query('BEGIN READ ONLY');
      const statement = await copyStatement(client, db, query);
      const { rows } = await drain(new CopyRows(client, statement, batch), batch);
      await client.query('COMMIT');
      client.release();
      return { rows, plain: plain.rows, statement };
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
  }

  const VALUES = [
    'plain',
    "o'brien",
    'back\\slash',
    'tab\there',
    'line\nbreak\r\nand cr\r',
    '\\N',
    '',
    'õäöü 😀',
    '%_\\%',
    '$1 $$ ?',
    null,
  ];

  test('values come back as a plain query returns them: tabs, line breaks, backslashes, quotes, NULL, \\N, empty, unicode', async () => {
    const query = sql`SELECT v, length(v) AS n, v IS NULL AS isnull FROM unnest(${VALUES}::text[]) WITH ORDINALITY AS t(v, i) ORDER BY i`;
    const { rows, plain } = await copyWithValues(query, 3);
    assert.deepEqual(rows, plain);
    assert.deepEqual(
      rows.map((r) => r[0]),
      VALUES,
    );
  });

  test('values bound as settings mean what they meant as parameters: text, numbers, booleans, arrays, dates, NULL, LIKE patterns', async () => {
    const query = sql`SELECT ${"it's \\ fine"}::text AS a, ${41}::int + 1 AS b, ${true}::boolean AS c, cardinality(${['a', 'b,c', 'd"e', 'f\\g', null]}::text[]) AS d,
    ${['a', 'b,c', 'd"e', 'f\\g', null]}::text[] AS e, ${'2026-02-28'}::date + 1 AS f, ${null}::text IS NULL AS g, 'x$1y' AS h, 'o''neil' LIKE ${"o'%"} AS j,
    g.n > ${2} AS k, ${'2026-11-24'} <= d AS l -- $9 in a comment
    FROM (VALUES (3, date '2026-11-24')) g(n, d)`;
    const { rows, plain, statement } = await copyWithValues(query);
    assert.deepEqual(rows, plain);
    assert.deepEqual(rows[0]!.slice(0, 4), ["it's \\ fine", '42', 't', '5']);
    assert.deepEqual(rows[0]!.slice(5), ['2026-03-01', 't', 'x$1y', 't', 't', 't']);
    // Each value is read in the type PostgreSQL gave its parameter (an untyped `<= d` too), and none is in the text.
    assert.match(statement, /CAST\(current_setting\('timberlog\.copy_value_10'\) AS date\) <= d/);
    assert.doesNotMatch(statement.replace('-- $9 in a comment', '').replace("'x$1y'", ''), /\$\d|fine|2026-02-28/);
  });

  const HOSTILE = [
    "'); DROP TABLE victims; --",
    "' OR '1'='1",
    "\\'; DROP TABLE victims; --",
    "E'\\x27; DROP TABLE victims; --",
    '$1',
    '$$; DROP TABLE victims; $$',
    "'::text); SELECT pg_sleep(5); --",
    '*/ DROP TABLE victims; /*',
    '"; DROP TABLE victims; --',
  ];

  test('hostile values are only values: compared, returned and put in arrays as themselves, nothing of them runs', async () => {
    await pool.query('CREATE TABLE victims (v text)');
    await pool.query('INSERT INTO victims SELECT unnest($1::text[])', [HOSTILE]);
    try {
      for (const value of HOSTILE) {
        const query = sql`SELECT v, ${value}::text AS echo, v = ANY(${[value, 'other']}::text[]) AS listed FROM victims WHERE v = ${value} OR v LIKE ${value}`;
        const { rows, plain, statement } = await copyWithValues(query);
        assert.deepEqual(rows, plain, value);
        assert.deepEqual(rows, [[value, value, 't']], value);
        assert.ok(!statement.includes(value), `the value is in the statement: ${statement}`);
      }
      assert.equal((await pool.query('SELECT count(*)::int AS n FROM victims')).rows[0].n, HOSTILE.length);
    } finally {
      await pool.query('DROP TABLE victims');
    }
  });

  test("the settings are the transaction's: gone after it, and refused outside one", async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await copyStatement(client, db, sql`SELECT ${'secret'}::text`);
      assert.equal((await client.query("SELECT current_setting('timberlog.copy_value_1') AS v")).rows[0].v, 'secret');
      await client.query('COMMIT');
      const after = (await client.query("SELECT current_setting('timberlog.copy_value_1', true) AS v")).rows[0].v;
      assert.ok(after === null || after === '', `left after the transaction: ${after}`);
      // Nothing of the statement stays on the connection either (PREPARE outlives a rollback).
      assert.equal((await client.query('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0].n, 0);
      // Outside a transaction block the values would be gone before the COPY: refused, not read as empty.
      await assert.rejects(copyStatement(client, db, sql`SELECT ${'secret'}::text`), /inside a transaction/);
    } finally {
      client.release();
    }
  });

  test('rows come in batches of at most the batch size, all of them', async () => {
    const { rows, batches } = await copyAll("SELECT g, repeat('x', g % 50) FROM generate_series(1, 25000) g", 1000);
    assert.equal(rows.length, 25000);
    assert.equal(batches, 25);
    assert.deepEqual(rows[24999], ['25000', '']);
  });

  test("rows longer than the stream's chunks, with characters of several bytes across their ends, come back whole", async () => {
    const { rows } = await copyAll("SELECT g, repeat('õ😀a' || g, 40000) FROM generate_series(1, 12) g", 5);
    assert.equal(rows.length, 12);
    rows.forEach((r, i) => assert.equal(r[1], `õ😀a${i + 1}`.repeat(40000)));
  });

  test('aborted midway, the COPY stops with its connection, which goes back to the pool', async () => {
    const controller = new AbortController();
    const client = await pool.connect();
    const copy = new CopyRows(client, "SELECT g, repeat('y', 200) FROM generate_series(1, 2000000) g", 500);
    const first = await copy.next(controller.signal);
    assert.equal(first.length, 500);
    controller.abort();
    await assert.rejects(copy.next(controller.signal), { name: 'AbortError' });
    assert.equal(copy.done, false);
    client.release(new Error('aborted'));
    // The backend that ran it goes away; both of the pool's two places can be taken again at once.
    const gone = async () =>
      (
        await pool.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'COPY (SELECT g, repeat(''y''%' AND state <> 'idle'",
        )
      ).rows[0].n === 0;
    for (let i = 0; i < 100 && !(await gone()); i++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(await gone(), 'the COPY is still running');
    const both = await Promise.all([pool.connect(), pool.connect()]);
    for (const c of both) {
      assert.equal((await c.query('SELECT 1 AS one')).rows[0].one, 1);
      c.release();
    }
  });

  test('an abort is noticed while the database has not sent a row yet', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await assert.rejects(copyAll('SELECT pg_sleep(30)', 10, controller.signal), { name: 'AbortError' });
    assert.ok(Date.now() - started < 10_000);
  });

  test('a failing query fails the reading, and its connection stays usable', async () => {
    const client = await pool.connect();
    try {
      const copy = new CopyRows(client, 'SELECT 1 / (g - 3) FROM generate_series(1, 5) g', 1);
      await assert.rejects(async () => {
        for (;;) if ((await copy.next()).length === 0) break;
      }, /division by zero/);
      assert.equal(copy.done, true);
      assert.equal((await client.query('SELECT 2 AS two')).rows[0].two, 2);
    } finally {
      client.release();
    }
  });
});
