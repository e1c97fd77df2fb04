import { test, mock, beforeEach, afterEach, describe } from 'node:test';
import assert from 'node:assert/strict';
import { ProgressReporter } from '../src/exports/progress.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('export-progress', () => {
  /** How an export's progress updates are paced: by the figure, by the clock, and a heartbeat. */
  let now = 0;
  const timing = { minIntervalMs: 250, maxIntervalMs: 2000, step: 5, now: () => now };

  beforeEach(() => {
    now = 0;
    mock.timers.enable({ apis: ['setTimeout'] });
  });
  afterEach(() => mock.timers.reset());

  /** Lets the reports the timers started run (setImmediate is not mocked). */
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  function reporter() {
    const reports: number[] = [];
    const r = new ProgressReporter(async (p) => {
      reports.push(p);
    }, timing);
    return { r, reports };
  }

  test('with a stopped clock, small moves are gathered into steps of at most 5 points', async () => {
    const { r, reports } = reporter();
    for (let p = 1; p <= 99; p++) await r.update(p);
    await r.stop();
    assert.deepEqual(reports, [5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95]);
  });

  test('when one update moves several points, no report is more than 5 points from the last', async () => {
    const { r, reports } = reporter();
    for (const p of [4, 9, 14, 18, 23, 28, 33]) await r.update(p);
    await r.stop();
    assert.deepEqual(reports, [4, 9, 14, 18, 23, 28, 33]);
  });

  test('by the clock: a smaller move is reported once 250 ms passed since the last report, not sooner', async () => {
    const { r, reports } = reporter();
    await r.update(1);
    now = 249;
    await r.update(2);
    assert.deepEqual(reports, []);
    now = 250;
    await r.update(2);
    now = 400;
    await r.update(3);
    now = 500;
    await r.update(4);
    assert.deepEqual(reports, [2, 4]);
    await r.stop();
  });

  test('a heartbeat: nothing reported for 2 s (the database still sorting) reports the figure again', async () => {
    const { r, reports } = reporter();
    mock.timers.tick(1999);
    await settle();
    assert.deepEqual(reports, []);
    mock.timers.tick(1);
    await settle();
    assert.deepEqual(reports, [0]);
    await r.update(1);
    mock.timers.tick(2000);
    await settle();
    assert.deepEqual(reports, [0, 1]);
    await r.stop();
    mock.timers.tick(10_000);
    await settle();
    assert.deepEqual(reports, [0, 1], 'nothing after stop');
  });

  test('a report still being written (a locked row) is not joined by heartbeats; a failed one fails the export', async () => {
    let release!: () => void;
    let calls = 0;
    const r = new ProgressReporter(() => {
      calls += 1;
      return calls === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.reject(new Error('database gone'));
    }, timing);
    mock.timers.tick(2000);
    await settle();
    assert.equal(calls, 1);
    mock.timers.tick(10_000);
    await settle();
    assert.equal(calls, 1, 'no second report while the first is under way');
    release();
    await settle();
    mock.timers.tick(2000);
    await settle();
    assert.equal(calls, 2);
    await assert.rejects(r.update(50), /database gone/);
    await assert.rejects(r.stop(), /database gone/);
  });
});
