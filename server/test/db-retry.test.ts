import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { startServer, type TestServer } from './helpers.js';
import { TRANSACTION_ATTEMPTS } from '../src/infra/transaction.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('db-retry', () => {
  /**
   * Serialization failures and deadlocks, forced by a trigger: the transaction helper runs the
   * transaction again, and when every attempt fails answers a translated 503 with Retry-After.
   */
  let s: TestServer;
  let token: string;
  let number: string;
  before(async () => {
    s = await startServer({}, { workers: false });
    token = await s.staff();
    const draft = await s.req('GET', '/api/waybills/?statusIn=draft&pageSize=1', { token });
    number = draft.body.results[0].number;
    // A sequence counts attempts across rollbacks; the trigger fails the first `n` of them with `code`.
    await sql`CREATE SEQUENCE forced_attempts`.execute(s.ctx.db);
    await sql`CREATE TABLE forced_failure (n integer NOT NULL, code text NOT NULL)`.execute(s.ctx.db);
    await sql`INSERT INTO forced_failure VALUES (0, '40P01')`.execute(s.ctx.db);
    await sql
      .raw(`
    CREATE FUNCTION force_failure() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE f forced_failure;
    BEGIN
      SELECT * INTO f FROM forced_failure;
      IF nextval('forced_attempts') <= f.n THEN
        RAISE EXCEPTION 'forced %', f.code USING ERRCODE = f.code;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER force_failure BEFORE UPDATE ON waybills FOR EACH ROW EXECUTE FUNCTION force_failure();
  `)
      .execute(s.ctx.db);
  });
  after(async () => {
    await s.close();
  });

  const force = async (n: number, code: string) => {
    await sql`ALTER SEQUENCE forced_attempts RESTART WITH 1`.execute(s.ctx.db);
    await sql`UPDATE forced_failure SET n = ${n}, code = ${code}`.execute(s.ctx.db);
  };
  const attempts = async () => Number((await sql<{ n: string }>`SELECT last_value AS n FROM forced_attempts`.execute(s.ctx.db)).rows[0]!.n);

  test('a deadlock or serialization failure is retried in the transaction helper and the change succeeds', async () => {
    for (const code of ['40P01', '40001']) {
      await force(TRANSACTION_ATTEMPTS - 1, code);
      const r = await s.write('PATCH', `/api/waybills/${number}/`, { token, body: { notes: `after ${code}` } });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.notes, `after ${code}`);
      assert.equal(await attempts(), TRANSACTION_ATTEMPTS, 'run once per attempt');
    }
  });

  test('when every attempt meets a deadlock, a translated 503 with Retry-After, and nothing changed', async () => {
    const before = (await s.req('GET', `/api/waybills/${number}/`, { token })).body;
    await force(1000, '40P01');
    const r = await s.write('PATCH', `/api/waybills/${number}/`, { token, body: { notes: 'never' }, headers: { 'accept-language': 'et' } });
    assert.equal(r.status, 503, r.text);
    assert.equal(r.headers.get('retry-after'), '1');
    assert.match(r.body.detail, /proovi mõne hetke pärast uuesti/);
    assert.equal(await attempts(), TRANSACTION_ATTEMPTS, 'a few attempts, then given up');
    const en = await s.write('PATCH', `/api/waybills/${number}/`, { token, body: { notes: 'never' } });
    assert.equal(en.status, 503);
    assert.match(en.body.detail, /try again in a moment/);
    await force(0, '40P01');
    const after = (await s.req('GET', `/api/waybills/${number}/`, { token })).body;
    assert.deepEqual(after, before);
  });
});
