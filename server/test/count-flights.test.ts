import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { recountStats, sharedRecount, type Counted } from '../src/list/run.js';
import { startServer, waybillInput, type TestServer } from './helpers.js';

/** A recount the test ends by hand, noting when it started. */
function gate(events: string[], name: string, version: string) {
  let finish!: (value: Counted) => void;
  let fail!: (error: Error) => void;
  const result = new Promise<Counted>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    run: () => {
      events.push(`start ${name}`);
      return result;
    },
    end: (count: number) => finish({ version, count }),
    fail: (message: string) => fail(new Error(message)),
  };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));
/** A moment strictly after every recount started so far, and before any started from now on. */
function nowAfterStarted(): number {
  const seen = performance.now();
  let t = performance.now();
  while (t <= seen) t = performance.now();
  return t;
}

describe('one recount per filter at a time', () => {
  test('callers that asked before a recount started share it; callers that asked after wait and share the next, started after it ends', async () => {
    const events: string[] = [];
    const a = gate(events, 'a', '1');
    const b = gate(events, 'b', '2');
    const asked = performance.now();
    const first = [sharedRecount('k', asked, '0', a.run), sharedRecount('k', asked, '0', a.run)];
    await tick();
    assert.deepEqual(events, ['start a']);
    // Asked after a started: a's snapshot may predate a write they must see, so they wait for the next.
    const later = nowAfterStarted();
    const second = [sharedRecount('k', later, '0', b.run), sharedRecount('k', later, '0', b.run), sharedRecount('k', later, '0', b.run)];
    await tick();
    assert.deepEqual(events, ['start a'], 'never two at once');
    a.end(10);
    assert.deepEqual(await Promise.all(first), [
      { version: '1', count: 10 },
      { version: '1', count: 10 },
    ]);
    await tick();
    assert.deepEqual(events, ['start a', 'start b']);
    b.end(11);
    assert.deepEqual(
      (await Promise.all(second)).map((c) => c.count),
      [11, 11, 11],
    );
    // Nothing under way: the next caller starts afresh.
    const c = gate(events, 'c', '3');
    const third = sharedRecount('k', performance.now(), '0', c.run);
    await tick();
    assert.deepEqual(events, ['start a', 'start b', 'start c']);
    c.end(12);
    assert.equal((await third).count, 12);
  });

  test('a caller that asked after a recount started takes its count when it was counted at the version of the caller page', async () => {
    const events: string[] = [];
    const a = gate(events, 'a', '7');
    const b = gate(events, 'b', '8');
    const first = sharedRecount('v', performance.now(), '7', a.run);
    await tick();
    const later = nowAfterStarted();
    const same = sharedRecount('v', later, '7', b.run);
    const moved = sharedRecount('v', later, '8', b.run);
    a.end(40);
    assert.equal((await first).count, 40);
    assert.deepEqual(await same, { version: '7', count: 40 }, 'the same rows as its page: no recount for it');
    await tick();
    assert.deepEqual(events, ['start a', 'start b'], 'the one whose page moved on shares the next');
    b.end(41);
    assert.equal((await moved).count, 41);
  });

  test('a failed recount fails its own callers only; those waiting for the next still get theirs; keys do not wait for each other', async () => {
    const events: string[] = [];
    const a = gate(events, 'a', '1');
    const b = gate(events, 'b', '2');
    const other = gate(events, 'other', '1');
    const first = sharedRecount('f', performance.now(), '0', a.run);
    const otherKey = sharedRecount('g', performance.now(), '0', other.run);
    await tick();
    const second = sharedRecount('f', nowAfterStarted(), '0', b.run);
    assert.deepEqual(events, ['start a', 'start other']);
    a.fail('statement timeout');
    await assert.rejects(first, /statement timeout/);
    await tick();
    assert.deepEqual(events, ['start a', 'start other', 'start b']);
    b.end(5);
    assert.equal((await second).count, 5);
    other.end(7);
    assert.equal((await otherKey).count, 7);
  });
});

describe('filtered counts under concurrent requests', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer({}, { workers: false });
    token = await s.user();
  });
  after(async () => {
    await s.close();
  });

  const rows = async (driver: string) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM waybills WHERE driver_name = ${driver}`.execute(s.ctx.db)).rows[0]!.n);

  test('after a write, concurrent requests for one filter share the recount, and each answers the exact count', async () => {
    const input = await waybillInput(s);
    const driver = (await s.req('GET', '/api/waybills/?pageSize=1', { token })).body.results[0].driverName as string;
    const path = `/api/waybills/?pageSize=5&driverName=${encodeURIComponent(driver)}`;
    await s.req('GET', path, { token });
    for (let round = 0; round < 3; round++) {
      // A write moves the version: the kept count no longer answers.
      const created = await s.req('POST', '/api/waybills/', { token, body: { ...input, driverName: driver } });
      assert.equal(created.status, 201, created.text);
      const expected = await rows(driver);
      const runs = recountStats.runs;
      const answers = await Promise.all(Array.from({ length: 20 }, () => s.req('GET', path, { token })));
      for (const r of answers) {
        assert.equal(r.status, 200, r.text);
        assert.equal(r.body.count, expected, 'every answer includes the write committed before it was asked');
      }
      const ran = recountStats.runs - runs;
      assert.ok(ran >= 1 && ran <= 4, `20 requests ran ${ran} recounts (one at a time, the late ones sharing the next)`);
    }
  });

  test('a write committed while a recount runs is in every answer asked for after it', async () => {
    const first = (await s.req('GET', '/api/waybills/?pageSize=1', { token })).body.results[0];
    const driver = first.driverName as string;
    const path = `/api/waybills/?pageSize=1&driverName=${encodeURIComponent(driver)}`;
    const input = await waybillInput(s);
    for (let round = 0; round < 5; round++) {
      // Requests in flight (and their recounts) while a write commits; then a request after it.
      const early = Array.from({ length: 5 }, () => s.req('GET', path, { token }));
      const created = await s.req('POST', '/api/waybills/', { token, body: { ...input, driverName: driver } });
      assert.equal(created.status, 201, created.text);
      const after = await s.req('GET', path, { token });
      assert.equal(after.body.count, await rows(driver));
      for (const r of await Promise.all(early)) assert.equal(r.status, 200);
    }
  });
});
