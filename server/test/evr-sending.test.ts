import { test, before, after, beforeEach, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { sql } from 'kysely';
import { createEvrStandin, type EvrStandin } from '@timberlog/evr-standin';
import { runEvrSync } from '../src/evr/sending.js';
import { startWorkers } from '../src/worker.js';
import { QUEUES } from '../src/infra/jobs.js';
import { standinRegister } from '../src/dev/evr-standin.js';
import { startServer, waybillInput, type TestServer } from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The field tables of pyevr's docs (test/fixtures/pyevr, MIT, thorgate/pyevr): each model's JSON
 * names (the docs name them in snake_case; EVR's JSON is their camelCase) and which are required.
 */
function pyevrModel(name: string): { fields: Map<string, { type: string; required: boolean }> } {
  const text = fs.readFileSync(path.join(here, 'fixtures/pyevr', `${name}.md`), 'utf8');
  const fields = new Map<string, { type: string; required: boolean }>();
  for (const line of text.split('\n')) {
    const m = /^\*\*(\w+)\*\* \| (.+?) \| (.*?) \| (.*)$/.exec(line);
    if (!m) continue;
    const json = m[1]!.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    fields.set(json, { type: m[2]!, required: !m[4]!.includes('[optional]') });
  }
  return { fields };
}
/** The model a field's value is, by its docs' link (`[**Owner**](Owner.md)`, `[**List[Shipment]**](Shipment.md)`). */
const linkedModel = (type: string): string | undefined => /\]\((\w+)\.md\)/.exec(type)?.[1];

/**
 * Checks `value` against pyevr's docs of `model`, recursively: every name it uses is one the model
 * has, and every required one is there. Answers the problems found, by path.
 */
function againstDocs(model: string, value: unknown, at = model): string[] {
  const problems: string[] = [];
  const { fields } = pyevrModel(model);
  const obj = value as Record<string, unknown>;
  for (const [name, spec] of fields)
    if (spec.required && (obj[name] === undefined || obj[name] === null)) problems.push(`${at}.${name} is missing`);
  for (const [name, v] of Object.entries(obj)) {
    const spec = fields.get(name);
    if (!spec) {
      // The holding basis's fields are those of the model its `type` names.
      if (model !== 'HoldingBase') problems.push(`${at}.${name} is not in ${model}`);
      continue;
    }
    const sub = linkedModel(spec.type);
    if (!sub || sub === 'ContactPerson' || sub === 'Viewer') continue;
    if (Array.isArray(v)) v.forEach((item, i) => problems.push(...againstDocs(sub, item, `${at}.${name}[${i}]`)));
    else if (v && typeof v === 'object') problems.push(...againstDocs(sub, v, `${at}.${name}`));
  }
  if (model === 'HoldingBase') {
    const type = String(obj.type);
    const { type: _type, ...rest } = obj;
    problems.push(...againstDocs(type, rest, `${at}(${type})`));
  }
  return problems;
}

/**
 * Sending waybills to EVR: the job that starts, unloads and cancels them in the register's
 * stand-in over real HTTP (packages/evr-standin), what each failure leaves, the retry, and the key.
 */
describe('evr-sending', () => {
  const KEY = 'evr-secret-key-not-for-logs';
  let s: TestServer;
  let token: string;
  let standin: EvrStandin;
  let evrUrl: string;
  const logged: string[] = [];
  let ours: string;

  const control = async (method: string, p: string, body?: unknown) => {
    const r = await fetch(`${evrUrl}/__control${p}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(r.ok, `${method} ${p}: ${r.status}`);
  };
  /** What EVR holds for an EVR number, read with our key. */
  const inEvr = async (number: string) => {
    const r = await fetch(`${evrUrl}/api/waybills/${number}`, { headers: { 'EVR-APIKEY': KEY } });
    assert.equal(r.status, 200);
    return (await r.json()) as Record<string, any>;
  };
  /** How many EVR waybills our waybill `number` has (by the reference the start carries). */
  const evrCount = async (number: string) => {
    const r = await fetch(`${evrUrl}/api/waybills?transporter_code=${ours}&page_size=100`, { headers: { 'EVR-APIKEY': KEY } });
    const body = (await r.json()) as { pageResult: { userCustomData?: string }[] };
    return body.pageResult.filter((w) => w.userCustomData === JSON.stringify({ timberlogWaybill: number })).length;
  };
  const get = async (number: string) => (await s.req('GET', `/api/waybills/${number}/`, { token })).body;
  const patch = async (number: string, body: Record<string, unknown>) => {
    const r = await s.write('PATCH', `/api/waybills/${number}/`, { token, body });
    assert.equal(r.status, 200, r.text);
    return r.body;
  };
  const draft = async (overrides: Record<string, unknown> = {}) => {
    const r = await s.req('POST', '/api/waybills/', { token, body: { ...(await waybillInput(s)), ...overrides } });
    assert.equal(r.status, 201, r.text);
    return r.body.number as string;
  };

  before(async () => {
    // The job is run by the tests themselves (runEvrSync), attempt by attempt.
    s = await startServer({}, { workers: false });
    token = await s.user();
    const input = await waybillInput(s);
    ours = input.transporterCompany as string;
    const register = await standinRegister(s.ctx.db, (code) => (code === ours ? KEY : `key-${code}`));
    standin = createEvrStandin({ ...register, control: true, logger: false });
    evrUrl = await standin.listen({ port: 0 });
    Object.assign(s.ctx.config, { evrUrl, evrApiKey: KEY, evrTimeoutMs: 1_500, ownCompany: ours });
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    Object.assign(s.ctx, { log: pino({ level: 'debug' }, sink) });
  });
  after(async () => {
    await s.close();
    await standin.close();
  });
  beforeEach(async () => {
    await control('DELETE', '/faults');
  });

  test('confirming starts the waybill in EVR through the job: its number and status are kept, the history says via EVR', async () => {
    assert.deepEqual((await s.req('GET', '/api/settings', { token })).body, { evrConnected: true, evrTolerancePercent: 3 });
    assert.equal((await s.req('GET', '/api/settings')).status, 401);
    const number = await draft();
    const confirmed = await patch(number, { status: 'confirmed' });
    assert.equal(confirmed.evrSync, 'sending');
    assert.equal(confirmed.evrNumber, null);
    await runEvrSync(s.ctx, number);
    const w = await get(number);
    assert.equal(w.evrSync, null, JSON.stringify(w));
    assert.equal(w.evrStatus, 'shipping');
    assert.match(w.evrNumber, /^\w+/);
    assert.ok(w.evrExchangedAt);
    const evr = await inEvr(w.evrNumber);
    assert.equal(evr.status, 'shipping');
    assert.equal(evr.transport.driverIdCode, w.driverIdCode);
    assert.equal(evr.shipments[0].holdingBase.cadaster, w.cadastralNumber);
    const history = await s.req('GET', `/api/waybills/${number}/history/`, { token });
    const viaEvr = history.body.results.find((e: { via: string }) => e.via === 'evr');
    assert.ok(viaEvr, JSON.stringify(history.body.results));
    assert.ok(
      viaEvr.changes.some((c: { field: string }) => c.field === 'evrNumber'),
      JSON.stringify(viaEvr.changes),
    );
  });

  test('the start request carries every field pyevr requires, by its JSON names, and none it does not know', async () => {
    const number = await draft({
      holdingBasisType: 'SalesContract',
      contractNumber: 'MK-2026/114',
      contractDate: '2026-10-02',
      previousOwnerName: 'Ants Saar',
      previousOwnerCode: '38001085718',
      previousOwnerAddress: 'Metsa talu, Paide vald',
      certificateClaims: [{ code: 'FSCMIX', number: 'NC-COC-012345' }, { code: 'PEFC' }],
      eudrReferenceNumber: '25EEXVTNR4Y3HN',
      eudrVerificationNumber: 'KRAGE8SX',
      trailerNumber: '45 TRL',
      driverPhone: '+372 5123 4567',
      grossMass: '41.5',
    });
    const { loadStartSource, startRequestOf } = await import('../src/evr/request.js');
    const request = startRequestOf((await loadStartSource(s.ctx.db, number, ours))!, new Date());
    assert.deepEqual(againstDocs('StartWaybillRequest', request), []);
    const shipment = (request.shipments as Record<string, any>[])[0]!;
    assert.equal(shipment.holdingBase.type, 'SalesContract');
    assert.equal(shipment.holdingBase.previousOwner.code, '38001085718');
    assert.deepEqual(shipment.certificateClaims, [{ code: 'FSCMIX', number: 'NC-COC-012345' }, { code: 'PEFC' }]);
    assert.equal((request.transport as Record<string, unknown>).trailerRegistrationNumber, '45 TRL');
    assert.equal(request.mass, 41.5);
    assert.match(String(request.comment), /EUDR DDS 25EEXVTNR4Y3HN \/ KRAGE8SX/);
    // What EVR's docs require is checked by the same walk: a request without the driver's code fails it.
    const { driverIdCode: _gone, ...transport } = request.transport as Record<string, unknown>;
    assert.deepEqual(againstDocs('StartWaybillRequest', { ...request, transport }), [
      'StartWaybillRequest.transport.driverIdCode is missing',
    ]);
    // And EVR takes it.
    await patch(number, { status: 'confirmed' });
    await runEvrSync(s.ctx, number);
    assert.equal((await get(number)).evrStatus, 'shipping');
  });

  test('a start whose answer is lost after EVR wrote it is found again: one EVR waybill, never two', async () => {
    const number = await draft();
    await patch(number, { status: 'confirmed' });
    await control('POST', '/faults', { kind: 'drop', method: 'POST', path: '/api/waybills' });
    // The first attempt loses the answer; it looks again and finds what EVR made.
    await runEvrSync(s.ctx, number, { final: false });
    const w = await get(number);
    assert.equal(w.evrStatus, 'shipping');
    assert.equal(await evrCount(number), 1);
    // A job run again (a retry after a crash) does nothing more.
    await s.ctx.db.updateTable('waybills').set({ evrSync: 'sending' }).where('number', '=', number).execute();
    await runEvrSync(s.ctx, number);
    assert.equal(await evrCount(number), 1);
    assert.equal((await get(number)).evrNumber, w.evrNumber);
  });

  test('EVR failing (5xx) or too slow is tried again by the queue; after the last try the waybill shows why, and Retry sends it', async () => {
    const number = await draft();
    await patch(number, { status: 'confirmed' });
    await control('POST', '/faults', { kind: 'error', status: 503, times: 10 });
    await assert.rejects(runEvrSync(s.ctx, number, { final: false }), /to be retried/);
    assert.equal((await get(number)).evrSync, 'sending');
    await runEvrSync(s.ctx, number, { final: true });
    let w = await get(number);
    assert.equal(w.evrSync, 'failed');
    assert.equal(w.evrFailure, 'server');
    // Only EVR's own words about the waybill are answered, not what the server met on the way.
    assert.equal(w.evrError, null);
    await control('DELETE', '/faults');
    await control('POST', '/faults', { kind: 'delay', delayMs: 3_000, times: 10 });
    const retried = await s.write('POST', `/api/waybills/${number}/evr_retry/`, { token });
    assert.equal(retried.status, 200, retried.text);
    assert.equal(retried.body.evrSync, 'sending');
    await runEvrSync(s.ctx, number, { final: true });
    w = await get(number);
    assert.equal(w.evrFailure, 'timeout');
    await control('DELETE', '/faults');
    await s.write('POST', `/api/waybills/${number}/evr_retry/`, { token });
    await runEvrSync(s.ctx, number);
    w = await get(number);
    assert.equal(w.evrSync, null);
    assert.equal(w.evrStatus, 'shipping');
    assert.equal(await evrCount(number), 1);
    // Retry only mends a failure.
    const again = await s.write('POST', `/api/waybills/${number}/evr_retry/`, { token, headers: { 'accept-language': 'en' } });
    assert.equal(again.status, 400);
    assert.deepEqual(again.body.nonFieldErrors, ['Only a waybill whose exchange with EVR failed can be sent again.']);
  });

  test("what EVR refuses (422 with field errors) fails at once with EVR's words, and the waybill stays usable", async () => {
    const number = await draft();
    await patch(number, { status: 'confirmed' });
    await control('POST', '/faults', {
      kind: 'validation',
      method: 'POST',
      path: '/api/waybills',
      errors: { 'transport.driverIdCode': ['Isikukood ei ole korrektne.'] },
    });
    await runEvrSync(s.ctx, number, { final: false });
    const w = await get(number);
    assert.equal(w.evrSync, 'failed');
    assert.equal(w.evrFailure, 'invalid');
    assert.match(w.evrError, /transport\.driverIdCode: Isikukood ei ole korrektne/);
    // Still ours to work with: it can be delivered, and the next exchange starts and unloads it.
    await patch(number, { status: 'delivered' });
    await s.write('POST', `/api/waybills/${number}/evr_retry/`, { token });
    await runEvrSync(s.ctx, number);
    const done = await get(number);
    assert.equal(done.evrStatus, 'unloaded');
    assert.equal((await inEvr(done.evrNumber)).totalJourneyMileage, done.mileage);
  });

  test('delivering unloads it in EVR with the mileage; cancelling cancels it there with the reason', async () => {
    const a = await draft();
    await patch(a, { status: 'confirmed' });
    await runEvrSync(s.ctx, a);
    assert.equal((await patch(a, { status: 'delivered' })).evrSync, 'sending');
    await runEvrSync(s.ctx, a);
    const delivered = await get(a);
    assert.equal(delivered.evrStatus, 'unloaded');
    const evr = await inEvr(delivered.evrNumber);
    assert.equal(evr.status, 'unloaded');
    assert.equal(evr.totalJourneyMileage, delivered.mileage);

    const b = await draft();
    await patch(b, { status: 'confirmed' });
    await runEvrSync(s.ctx, b);
    await patch(b, { status: 'cancelled' });
    await runEvrSync(s.ctx, b);
    const cancelled = await get(b);
    assert.equal(cancelled.evrStatus, 'cancelled');
    assert.equal((await inEvr(cancelled.evrNumber)).status, 'cancelled');
    // A draft cancelled before EVR ever had it needs nothing.
    const c = await draft();
    assert.equal((await patch(c, { status: 'cancelled' })).evrSync, null);
  });

  test('a status change made while the job waits for EVR is not lost: the job it queued brings EVR in line after', async () => {
    const number = await draft();
    await patch(number, { status: 'confirmed' });
    // EVR answers the start slowly; the waybill is cancelled meanwhile.
    await control('POST', '/faults', { kind: 'delay', delayMs: 800, method: 'POST', path: '/api/waybills' });
    const first = runEvrSync(s.ctx, number);
    const asked = async () => {
      const r = await fetch(`${evrUrl}/__control/faults`);
      return ((await r.json()) as unknown[]).length === 0;
    };
    while (!(await asked())) await new Promise((done) => setImmediate(done));
    assert.equal((await patch(number, { status: 'cancelled' })).evrSync, 'sending');
    await first;
    // The first job kept what it did (the start) and left the cancel to the next one.
    let w = await get(number);
    assert.equal(w.evrStatus, 'shipping');
    assert.equal(w.evrSync, 'sending');
    await runEvrSync(s.ctx, number);
    w = await get(number);
    assert.equal(w.evrSync, null);
    assert.equal(w.evrStatus, 'cancelled');
    assert.equal((await inEvr(w.evrNumber)).status, 'cancelled');
  });

  test("the next step made on the version read goes through after EVR's answers since; a person's change since, or a version the waybill never had, is refused", async () => {
    const patchAt = (number: string, version: string, body: Record<string, unknown>) =>
      s.req('PATCH', `/api/waybills/${number}/`, { token, body, headers: { 'if-match': version } });
    const number = await draft();
    const read = (await patch(number, { status: 'confirmed' })).version as number;
    await runEvrSync(s.ctx, number);
    const sent = await get(number);
    assert.equal(sent.evrStatus, 'shipping');
    assert.ok(sent.version > read, "EVR's answer moved the version");
    // Versions the waybill never had stay refused, whatever EVR did.
    for (const never of [`"${sent.version + 1}"`, '"0"', '"x"', 'W/"1"']) {
      const r = await patchAt(number, never, { status: 'delivered' });
      assert.equal(r.status, 412, `${never}: ${r.text}`);
    }
    const delivered = await patchAt(number, `"${read}"`, { status: 'delivered' });
    assert.equal(delivered.status, 200, delivered.text);
    assert.equal(delivered.body.status, 'delivered');
    assert.equal(delivered.body.evrNumber, sent.evrNumber);
    assert.equal(delivered.body.evrSync, 'sending');
    assert.equal(delivered.headers.get('etag'), `"${delivered.body.version}"`);

    // A person's change since the version read is a conflict, EVR's answers after it or not.
    const other = await draft();
    const before = (await get(other)).version as number;
    await patch(other, { notes: 'Changed by someone else' });
    await patch(other, { status: 'confirmed' });
    await runEvrSync(s.ctx, other);
    const stale = await patchAt(other, `"${before}"`, { status: 'cancelled' });
    assert.equal(stale.status, 412, stale.text);
    assert.equal((await get(other)).status, 'confirmed');
  });

  test("a bulk confirm undone after EVR has the waybills: EVR's answers are not a change that stops the undo, and EVR cancels them", async () => {
    const staff = await s.staff();
    const numbers = [await draft(), await draft()];
    const rows = [];
    for (const number of numbers) rows.push({ number, version: (await get(number)).version as number });
    const confirmed = await s.req('POST', '/api/waybills/bulk/', { token, body: { action: 'confirm', rows, dryRun: false } });
    assert.equal(confirmed.status, 200, confirmed.text);
    for (const number of numbers) await runEvrSync(s.ctx, number);
    for (const number of numbers) assert.equal((await get(number)).evrStatus, 'shipping');
    const undo = (confirmed.body.rows as { number: string; version: number; from: string }[]).map((row) => ({
      number: row.number,
      version: row.version,
      status: row.from,
    }));
    const undone = await s.req('POST', '/api/waybills/bulk/', {
      token: staff,
      body: { action: 'undo', rows: undo, reason: 'Wrong trucks', dryRun: false },
    });
    assert.equal(undone.status, 200, undone.text);
    assert.deepEqual(
      (undone.body.rows as { outcome: string }[]).map((row) => row.outcome),
      ['done', 'done'],
    );
    for (const number of numbers) {
      assert.equal((await get(number)).status, 'draft');
      await runEvrSync(s.ctx, number);
      const w = await get(number);
      assert.equal(w.evrStatus, 'cancelled');
      assert.equal((await inEvr(w.evrNumber)).cancellationReason, 'Wrong trucks');
    }
  });

  test('the API key is never in a log line, an answer or the history', async () => {
    const number = await draft();
    await patch(number, { status: 'confirmed' });
    await control('POST', '/faults', { kind: 'error', status: 401 });
    await runEvrSync(s.ctx, number);
    const w = await get(number);
    assert.equal(w.evrFailure, 'auth');
    assert.ok(logged.length > 0, 'the failures were logged');
    assert.ok(!logged.join('\n').includes(KEY));
    const answers = [
      JSON.stringify(w),
      (await s.req('GET', `/api/waybills/${number}/history/`, { token })).text,
      (await s.req('GET', '/api/waybills/?pageSize=5', { token })).text,
    ];
    for (const text of answers) assert.ok(!text.includes(KEY));
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM history WHERE changes::text LIKE ${'%' + KEY + '%'}`.execute(
      s.ctx.db,
    );
    assert.equal(rows[0]!.n, 0);
  });

  test('without a connection to EVR, confirming sends nothing and the waybill is simply not in EVR', async () => {
    const saved = { evrUrl: s.ctx.config.evrUrl, evrApiKey: s.ctx.config.evrApiKey };
    Object.assign(s.ctx.config, { evrUrl: undefined, evrApiKey: undefined });
    try {
      const number = await draft();
      const w = await patch(number, { status: 'confirmed' });
      assert.equal(w.evrSync, null);
      assert.equal(w.evrNumber, null);
      // The web app is told, so that it says the connection is off rather than promise a sending.
      assert.deepEqual((await s.req('GET', '/api/settings', { token })).body, { evrConnected: false, evrTolerancePercent: 3 });
    } finally {
      Object.assign(s.ctx.config, saved);
    }
  });
});

describe('evr-sending workers', () => {
  test("a waybill a person confirms goes to EVR before a bulk action's waybills queued earlier", async () => {
    const s = await startServer({}, { workers: false });
    try {
      Object.assign(s.ctx.config, { evrUrl: 'http://127.0.0.1:9', evrApiKey: 'unused' });
      const token = await s.user();
      const input = await waybillInput(s);
      const created = async () => {
        const r = await s.req('POST', '/api/waybills/', { token, body: input });
        assert.equal(r.status, 201, r.text);
        return { number: r.body.number as string, version: r.body.version as number };
      };
      const bulkRows = [await created(), await created(), await created()];
      const bulk = await s.req('POST', '/api/waybills/bulk/', { token, body: { action: 'confirm', rows: bulkRows, dryRun: false } });
      assert.equal(bulk.status, 200, bulk.text);
      const one = await created();
      const c = await s.write('PATCH', `/api/waybills/${one.number}/`, { token, body: { status: 'confirmed' } });
      assert.equal(c.status, 200, c.text);
      // The queue hands out the person's one first, then the bulk action's in the order queued.
      const taken: string[] = [];
      for (let i = 0; i < 4; i++) {
        const [job] = (await s.ctx.jobs.boss.fetch<{ number: string }>(QUEUES.evrSync, { batchSize: 1 })) ?? [];
        assert.ok(job, `job ${i + 1} of 4 is queued`);
        taken.push(job.data.number);
      }
      assert.deepEqual(taken, [one.number, ...bulkRows.map((row) => row.number)]);
    } finally {
      await s.close();
    }
  });

  test("one waybill's slow exchange with EVR does not hold up another's", async () => {
    const KEY = 'evr-key-of-the-workers-test';
    const s = await startServer({}, { workers: false });
    const input = await waybillInput(s);
    const ours = input.transporterCompany as string;
    const register = await standinRegister(s.ctx.db, (code) => (code === ours ? KEY : `key-${code}`));
    const standin = createEvrStandin({ ...register, control: true, logger: false });
    const evrUrl = await standin.listen({ port: 0 });
    try {
      Object.assign(s.ctx.config, { evrUrl, evrApiKey: KEY, ownCompany: ours, evrPollSeconds: 3600 });
      await startWorkers(s.ctx);
      const token = await s.user();
      const state = async (number: string) => (await s.req('GET', `/api/waybills/${number}/`, { token })).body.evrSync as string | null;
      const confirmed = async () => {
        const r = await s.req('POST', '/api/waybills/', { token, body: input });
        assert.equal(r.status, 201, r.text);
        const number = r.body.number as string;
        const c = await s.write('PATCH', `/api/waybills/${number}/`, { token, body: { status: 'confirmed' } });
        assert.equal(c.status, 200, c.text);
        return number;
      };
      // EVR takes 8 s over the first start it is asked for.
      const fault = await fetch(`${evrUrl}/__control/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'delay', delayMs: 8_000, times: 1, method: 'POST', path: '/api/waybills' }),
      });
      assert.ok(fault.ok);
      const slow = await confirmed();
      const faultTaken = async () => ((await (await fetch(`${evrUrl}/__control/faults`)).json()) as unknown[]).length === 0;
      while (!(await faultTaken())) await new Promise((done) => setTimeout(done, 20));
      // The slow one's job waits for EVR; another waybill's is sent meanwhile by another worker.
      const quick = await confirmed();
      // Until one of them is through (the slow one is, after EVR's 8 s, if the other waits behind it).
      while ((await state(quick)) !== null && (await state(slow)) !== null) await new Promise((done) => setTimeout(done, 50));
      assert.equal(await state(quick), null, 'the second waybill is in EVR');
      assert.equal(await state(slow), 'sending', 'while the first still waits for its answer');
    } finally {
      await s.close();
      await standin.close();
    }
  });
});
