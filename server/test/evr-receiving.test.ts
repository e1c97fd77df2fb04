import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createEvrStandin, type EvrStandin } from '@timberlog/evr-standin';
import { LOCKS } from '../src/infra/db.js';
import { runEvrSync } from '../src/evr/sending.js';
import { pollEvr } from '../src/evr/poller.js';
import { standinRegister } from '../src/dev/evr-standin.js';
import { startServer, waitFor, waybillInput, type TestServer } from './helpers.js';

/**
 * Receiving from EVR: the receiver unloads, measures and finishes through the register's own API
 * (the stand-in, over real HTTP) as its software would, and the poll brings it to our waybill:
 * EVR's status, the measurement act and its total in our unit, history via EVR, once.
 */
describe('evr-receiving', () => {
  const KEY = 'our-evr-key';
  let s: TestServer;
  let token: string;
  let standin: EvrStandin;
  let evrUrl: string;
  let ours: string;
  let receiverKey: string;

  const evrAs = async (key: string, method: string, path: string, body?: unknown) => {
    const r = await fetch(`${evrUrl}${path}`, {
      method,
      headers: { 'EVR-APIKEY': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(r.ok, `${method} ${path}: ${r.status} ${await r.clone().text()}`);
    return r;
  };
  const get = async (number: string) => (await s.req('GET', `/api/waybills/${number}/`, { token })).body;
  const patch = async (number: string, body: Record<string, unknown>) => {
    const r = await s.write('PATCH', `/api/waybills/${number}/`, { token, body });
    assert.equal(r.status, 200, r.text);
    return r.body;
  };
  /** A waybill of ours in EVR, unloaded there (our delivery sent). */
  const unloadedInEvr = async () => {
    const r = await s.req('POST', '/api/waybills/', {
      token,
      body: { ...(await waybillInput(s)), transporterCompany: ours, quantity: '25.500' },
    });
    assert.equal(r.status, 201, r.text);
    const number = r.body.number as string;
    await patch(number, { status: 'confirmed' });
    await runEvrSync(s.ctx, number);
    await patch(number, { status: 'delivered' });
    await runEvrSync(s.ctx, number);
    const w = await get(number);
    assert.equal(w.evrStatus, 'unloaded');
    return w as { number: string; evrNumber: string; version: number; assortment: string };
  };

  before(async () => {
    s = await startServer({}, { workers: false });
    token = await s.user();
    const input = await waybillInput(s);
    // We carry the load; the receiver is another company, with its own key to EVR.
    const other = await s.ctx.db
      .selectFrom('companies')
      .select('registryCode')
      .where('registryCode', '<>', input.destinationCompany as string)
      .orderBy('registryCode')
      .executeTakeFirstOrThrow();
    ours = other.registryCode;
    receiverKey = `key-${input.destinationCompany as string}`;
    const register = await standinRegister(s.ctx.db, (code) => (code === ours ? KEY : `key-${code}`));
    standin = createEvrStandin({ ...register, control: true, logger: false });
    evrUrl = await standin.listen({ port: 0 });
    Object.assign(s.ctx.config, { evrUrl, evrApiKey: KEY, evrTimeoutMs: 2_000, ownCompany: ours });
    // The first poll reads the week before: start from now.
    await pollEvr(s.ctx);
  });
  after(async () => {
    await s.close();
    await standin.close();
  });

  test('the receiver measures, notes and finishes in EVR; the poll brings the status, the act with the total in our unit, and the note, once', async () => {
    const w = await unloadedInEvr();
    // A receiver of the real world may give the act's items in EVR's unit code of a solid cubic metre.
    await evrAs(receiverKey, 'POST', `/api/waybills/${w.evrNumber}/measurements`, {
      actNumber: 'MA-2026-118',
      actDate: '2026-11-27T10:00:00Z',
      measurements: [{ amount: 24.7, unitCode: 'tm', assortment: { code: w.assortment, name: 'Spruce saw log', productGroup: 'PALK' } }],
      total: { amount: 24.7, unit: 'tm' },
    });
    await evrAs(receiverKey, 'POST', `/api/waybills/${w.evrNumber}/note`, { message: 'Koor arvestatud, 3 palki praak.' });
    await evrAs(receiverKey, 'POST', `/api/waybills/${w.evrNumber}/finish`);
    // Polls until it has arrived (each poll reads from its mark, less an overlap).
    await waitFor(
      async () => {
        await pollEvr(s.ctx);
        return (await get(w.number)).evrStatus === 'finished';
      },
      20_000,
      'the finish from EVR',
    );
    const after = await get(w.number);
    assert.equal(after.evrStatus, 'finished');
    assert.equal(after.evrMeasuredQuantity, '24.700');
    assert.equal(after.evrMeasurement.actNumber, 'MA-2026-118');
    assert.deepEqual(after.evrMeasurement.total, { amount: 24.7, unit: 'tm' });
    assert.equal(after.evrMeasurement.measurerCode, (await waybillInput(s)).destinationCompany);
    // The receiver's note, with who wrote it.
    assert.deepEqual(
      after.evrNotes.map((n: { message: string; creatorCode: string }) => [n.message, n.creatorCode]),
      [['Koor arvestatud, 3 palki praak.', after.evrMeasurement.measurerCode]],
    );
    // The measurer by name where it is one of our companies.
    assert.equal(after.evrMeasurement.measurerName, after.destinationCompanyName);
    const history = await s.req('GET', `/api/waybills/${w.number}/history/`, { token });
    const received = history.body.results.filter(
      (e: { via: string; changes: { field: string }[] }) => e.via === 'evr' && e.changes.some((c) => c.field === 'evrMeasuredQuantity'),
    );
    assert.equal(received.length, 1);
    // Read again (the mark keeps an overlap): nothing changes, nothing is written twice.
    const again = await pollEvr(s.ctx);
    assert.equal(again?.applied, 0);
    assert.equal((await get(w.number)).version, after.version);
  });

  test("the list's measured-off filter follows the server's tolerance (EVR_MEASUREMENT_TOLERANCE_PERCENT), which the settings answer", async () => {
    const w = await unloadedInEvr();
    // 24.9 measured of 25.5 shipped: 2.4 % less, off at a tolerance of 2 %, within one of 3 %.
    await evrAs(receiverKey, 'POST', `/api/waybills/${w.evrNumber}/measurements`, {
      actNumber: 'MA-2026-119',
      measurements: [{ amount: 24.9, unitCode: 'tm', assortment: { code: w.assortment, name: 'Spruce saw log', productGroup: 'PALK' } }],
      total: { amount: 24.9, unit: 'tm' },
    });
    await waitFor(
      async () => {
        await pollEvr(s.ctx);
        return (await get(w.number)).evrMeasuredQuantity === '24.900';
      },
      20_000,
      'the measurement',
    );
    const off = async (value: boolean, pageSize: number) =>
      (await s.req('GET', `/api/waybills/?number=${w.number}&evrMeasuredOff=${value}&pageSize=${pageSize}`, { token })).body.count;
    assert.equal((await s.req('GET', '/api/settings', { token })).body.evrTolerancePercent, 3);
    assert.deepEqual([await off(true, 10), await off(false, 10)], [0, 1]);
    const kept = s.ctx.config.evrTolerancePercent;
    s.ctx.config.evrTolerancePercent = 2;
    try {
      assert.equal((await s.req('GET', '/api/settings', { token })).body.evrTolerancePercent, 2);
      // Other URLs than above: a page asked again within one data version may be answered as it was.
      assert.deepEqual([await off(true, 11), await off(false, 11)], [1, 0]);
    } finally {
      s.ctx.config.evrTolerancePercent = kept;
    }
  });

  test("a change from EVR meeting an edit in progress: the edit is saved on the version the form holds (EVR's answer is not a person's change), and neither is lost", async () => {
    const r = await s.req('POST', '/api/waybills/', { token, body: { ...(await waybillInput(s)), transporterCompany: ours } });
    const number = r.body.number as string;
    // Confirmed, and opened for editing at once: the form holds this version.
    const seen = (await patch(number, { status: 'confirmed' })).version as number;
    // Meanwhile EVR answers the start: the waybill moves on.
    await runEvrSync(s.ctx, number);
    const answered = await get(number);
    assert.ok(answered.version > seen);
    const saved = await s.req('PATCH', `/api/waybills/${number}/`, {
      token,
      body: { notes: 'Checked at the gate' },
      headers: { 'if-match': `"${seen}"` },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.notes, 'Checked at the gate');
    assert.equal(saved.body.evrNumber, answered.evrNumber);
    assert.equal(saved.body.evrStatus, 'shipping');
    assert.ok(saved.body.version > answered.version);
    // A second edit on the same old version now meets a person's change: refused, nothing changed.
    const stale = await s.req('PATCH', `/api/waybills/${number}/`, {
      token,
      body: { notes: 'Another note' },
      headers: { 'if-match': `"${seen}"` },
    });
    assert.equal(stale.status, 412, stale.text);
    assert.equal(stale.body.current.notes, 'Checked at the gate');
  });

  test('reads a mark more than a month back in windows of a month, every page; one poller at a time', async () => {
    const w = await unloadedInEvr();
    await evrAs(receiverKey, 'POST', `/api/waybills/${w.evrNumber}/finish`);
    await s.ctx.db
      .updateTable('evrPoll')
      .set({ mark: new Date(Date.now() - 75 * 86_400_000) })
      .execute();
    const result = await pollEvr(s.ctx);
    assert.ok(result && result.read >= 1, JSON.stringify(result));
    assert.equal((await get(w.number)).evrStatus, 'finished');

    // Another server polling holds the lock: this one skips its turn.
    const other = await s.ctx.pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [LOCKS.evrPoll]);
      assert.equal(await pollEvr(s.ctx), undefined);
    } finally {
      await other.query('SELECT pg_advisory_unlock($1)', [LOCKS.evrPoll]);
      other.release();
    }
    assert.ok(await pollEvr(s.ctx));
  });
});
