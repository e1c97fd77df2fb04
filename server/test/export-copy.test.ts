import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { createDatabase } from '../src/shared/embedded-pg.js';
import { CopyRows, copyField, inlineParameters } from '../src/exports/copy-rows.js';

/**
 * Rows through COPY: the parameters written into the statement mean what they meant as parameters,
 * and every value comes back as a plain query returns it.
 */
let pool: pg.Pool;
before(async () => {
  const url = await createDatabase(process.env.TEST_PG_URL!, `t_copy_${process.pid}`);
  pool = new pg.Pool({ connectionString: url, max: 2, options: '-c TimeZone=UTC' });
});
after(async () => {
  await pool.end();
});

async function copyAll(query: string, batch: number, signal?: AbortSignal): Promise<{ rows: (string | null)[][]; batches: number }> {
  const client = await pool.connect();
  let copy: CopyRows | undefined;
  try {
    copy = client.query(new CopyRows(query, batch));
    const rows: (string | null)[][] = [];
    let batches = 0;
    for (;;) {
      const got = await copy.next(signal);
      if (got.length === 0) break;
      assert.ok(got.length <= batch, `a batch of ${got.length} rows, more than ${batch}`);
      batches += 1;
      rows.push(...got.map((r) => r.map(copyField)));
    }
    client.release();
    return { rows, batches };
  } catch (err) {
    // As the report does: a COPY still under way ends with its connection.
    client.release(copy && !copy.done ? (err as Error) : undefined);
    throw err;
  }
}

const VALUES = ['plain', "o'brien", 'back\\slash', 'tab\there', 'line\nbreak\r\nand cr\r', '\\N', '', 'õäöü 😀', '%_\\%', '$1 $$ ?', null];

test('values come back as a plain query returns them: tabs, line breaks, backslashes, quotes, NULL, \\N, empty, unicode', async () => {
  const query = 'SELECT v, length(v) AS n, v IS NULL AS isnull FROM unnest($1::text[]) WITH ORDINALITY AS t(v, i) ORDER BY i';
  const plain = await pool.query({ text: query, values: [VALUES], rowMode: 'array', types: { getTypeParser: () => (x: string) => x } });
  const { rows } = await copyAll(inlineParameters(query, [VALUES]), 3);
  assert.deepEqual(rows, plain.rows);
  assert.deepEqual(rows.map((r) => r[0]), VALUES);
});

test('parameters written in mean what they meant: text, numbers, booleans, arrays, dates, NULL, LIKE patterns', async () => {
  const query = `SELECT $1::text AS a, $2::int + 1 AS b, $3::boolean AS c, cardinality($4::text[]) AS d, $4::text[] AS e,
    $5::date + 1 AS f, $6::text IS NULL AS g, 'x$1y' AS h, "t"."$1" AS i, 'o''neil' LIKE $7 AS j -- $9 in a comment
    /* and $9 here */ FROM (SELECT 'q' AS "$1") t`;
  const params = ["it's \\ fine", 41, true, ['a', 'b,c', 'd"e', 'f\\g', null], '2026-02-28', null, "o'%"];
  const plain = await pool.query({ text: query, values: params, rowMode: 'array', types: { getTypeParser: () => (x: string) => x } });
  const { rows } = await copyAll(inlineParameters(query, params), 10);
  assert.deepEqual(rows, plain.rows);
  assert.deepEqual(rows[0]!.slice(0, 4), ["it's \\ fine", '42', 't', '5']);
  assert.equal(rows[0]![7], 'x$1y');
  assert.equal(rows[0]![9], 't');
});

test('inlining refuses what it cannot place: a missing value, dollar quoting, an open quote', () => {
  assert.throws(() => inlineParameters('SELECT $2', [1]), /no value for \$2/);
  assert.throws(() => inlineParameters('SELECT $$x$$', []), /dollar quoting/);
  assert.throws(() => inlineParameters("SELECT 'x", []), /unterminated/);
  assert.equal(inlineParameters("SELECT E'\\'$1' || $1", ['v']), "SELECT E'\\'$1' || 'v'");
});

test('rows come in batches of at most the batch size, all of them', async () => {
  const { rows, batches } = await copyAll('SELECT g, repeat(\'x\', g % 50) FROM generate_series(1, 25000) g', 1000);
  assert.equal(rows.length, 25000);
  assert.equal(batches, 25);
  assert.deepEqual(rows[24999], ['25000', '']);
});

test('aborted midway, the COPY stops with its connection and the pool goes on', async () => {
  const controller = new AbortController();
  const client = await pool.connect();
  const copy = client.query(new CopyRows("SELECT g, repeat('y', 200) FROM generate_series(1, 2000000) g", 500));
  const first = await copy.next(controller.signal);
  assert.equal(first.length, 500);
  controller.abort();
  await assert.rejects(copy.next(controller.signal), { name: 'AbortError' });
  assert.equal(copy.done, false);
  client.release(new Error('aborted'));
  // The backend that ran it goes away; the pool hands out working connections.
  const gone = async () => (await pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'COPY (SELECT g, repeat(''y''%' AND state <> 'idle'")).rows[0].n === 0;
  for (let i = 0; i < 100 && !(await gone()); i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(await gone(), 'the COPY is still running');
  assert.equal((await pool.query('SELECT 1 AS one')).rows[0].one, 1);
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
    const copy = client.query(new CopyRows('SELECT 1 / (g - 3) FROM generate_series(1, 5) g', 1));
    await assert.rejects(async () => {
      for (;;) if ((await copy.next()).length === 0) break;
    }, /division by zero/);
    assert.equal(copy.done, true);
    assert.equal((await client.query('SELECT 2 AS two')).rows[0].two, 2);
  } finally {
    client.release();
  }
});
