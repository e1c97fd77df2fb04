import { test, before, after, beforeEach, describe } from 'node:test';
import assert from 'node:assert/strict';
import { CERTIFICATES, createEvrStandin, HOLDING_BASE_TYPES, isValidIdCode, type EvrStandin } from '@timberlog/evr-standin';
import { CERTIFICATE_CLAIMS, HOLDING_BASIS_TYPES, isValidIsikukood } from '@timberlog/contract';
import { EvrClient, EvrError, customDataFor } from '../src/evr/client.js';

/**
 * The product's connection to EVR against the register's stand-in (packages/evr-standin), over
 * real HTTP: starting once whatever answers are lost, the transitions, EVR's refusals and
 * failures as the product tells them apart, and reading every change window by window, page by page.
 */
describe('evr-client', () => {
  const OURS = { code: '14567890', name: 'Timberlog Metsavedu OÜ', apiKey: 'our-secret-evr-key' };
  const SAWMILL = { code: '10987654', name: 'Järva Saeveski AS', apiKey: 'sawmill-key' };
  const ADDRESS = { countryCode: 'EST', county: 'Järva maakond', city: 'Paide', street: 'Tööstuse 12' };
  let standin: EvrStandin;
  let url: string;
  let evr: EvrClient;

  const control = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${url}/__control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(r.ok, `${method} ${path}: ${r.status}`);
  };
  const request = (overrides: Record<string, unknown> = {}) => ({
    owner: { name: OURS.name, code: OURS.code, address: ADDRESS },
    transport: {
      transporter: { name: OURS.name, code: OURS.code },
      driverName: 'Mari Maasikas',
      driverIdCode: '49403136526',
      vanRegistrationNumber: '123ABC',
    },
    receiver: { name: SAWMILL.name, code: SAWMILL.code, address: ADDRESS },
    placeOfDelivery: { name: 'Järva Saeveski, Paide tehas', address: ADDRESS },
    departureTime: '2026-11-20T08:00:00+02:00',
    submissionTime: '2026-11-20T08:01:00+02:00',
    shipments: [
      {
        holdingBase: { type: 'ForestNotice', cadaster: '78401:001:0123', number: 'MT-2026-0042' },
        source: { name: 'Kuusiku metsakinnistu', address: ADDRESS },
        items: [{ amount: 30.5, unitCode: 'tm', assortment: { code: 'MA-PALK', name: 'Männi palk', productGroup: 'PALK' } }],
      },
    ],
    ...overrides,
  });
  const reference = (waybill: string) => ({ waybill, ownCode: OURS.code, since: new Date(Date.now() - 60_000) });
  /** How many EVR waybills carry our reference to `waybill`. */
  const startedFor = async (waybill: string) => {
    const r = await fetch(`${url}/api/waybills?owner_code=${OURS.code}&page_size=100&sort=creationTimeDesc`, {
      headers: { 'EVR-APIKEY': OURS.apiKey },
    });
    const body = (await r.json()) as { pageResult: { userCustomData?: string }[] };
    return body.pageResult.filter((w) => w.userCustomData === customDataFor(waybill)).length;
  };
  const failure = async (work: () => Promise<unknown>): Promise<EvrError> => {
    try {
      await work();
    } catch (err) {
      assert.ok(err instanceof EvrError, String(err));
      return err;
    }
    assert.fail('no error');
  };

  before(async () => {
    standin = createEvrStandin({ organisations: [OURS, SAWMILL], control: true, logger: false });
    url = await standin.listen({ port: 0 });
    evr = new EvrClient({ url, apiKey: OURS.apiKey, timeoutMs: 2_000, language: 'en' });
  });
  after(async () => {
    await standin.close();
  });
  beforeEach(async () => {
    await control('POST', '/reset');
  });

  test("what we check before sending is what EVR checks: the holding basis's types, the certificate claims, and which personal codes are valid", () => {
    // The stand-in is written from EVR's documents, the contract from the law: they must agree, or
    // a waybill we take would be refused there (or one EVR takes refused here).
    assert.deepEqual([...HOLDING_BASIS_TYPES].sort(), [...HOLDING_BASE_TYPES].sort());
    assert.deepEqual([...CERTIFICATE_CLAIMS].sort(), CERTIFICATES.map((c) => c.code).sort());
    const codes = ['37605030299', '49403136515', '39912310174', '37605030290', '60001019906', '12345678901', '3760503029'];
    for (const code of codes) assert.equal(isValidIsikukood(code), isValidIdCode(code), code);
  });

  test('a start carries our reference and answers the EVR number; the waybill is shipping', async () => {
    const number = await evr.ensureStarted(request(), reference('W-2026-000101'));
    const waybill = await evr.getWaybill(number);
    assert.equal(waybill.status, 'shipping');
    assert.equal(waybill.userCustomData, customDataFor('W-2026-000101'));
    // Asked again (a job retried after it had finished): the same waybill, not a second one.
    assert.equal(await evr.ensureStarted(request(), reference('W-2026-000101')), number);
    assert.equal(await startedFor('W-2026-000101'), 1);
  });

  test('an answer dropped after EVR wrote the waybill: the start is found, never made twice', async () => {
    await control('POST', '/faults', { kind: 'drop', method: 'POST', path: '/api/waybills' });
    const number = await evr.ensureStarted(request(), reference('W-2026-000102'));
    assert.equal(await startedFor('W-2026-000102'), 1);
    // The job's next attempt (say the process died before it stored the number) finds it too.
    assert.equal(await evr.ensureStarted(request(), reference('W-2026-000102')), number);
    assert.equal(await startedFor('W-2026-000102'), 1);
  });

  test("EVR's failures are told apart: a timeout and a 5xx are worth retrying, a refusal is not", async () => {
    await control('POST', '/faults', { kind: 'delay', delayMs: 3_000, method: 'GET', path: '/api/waybills/*' });
    const slow = await failure(() => evr.getWaybill('TLM0000001'));
    assert.deepEqual([slow.kind, slow.retriable, slow.lost], ['timeout', true, false]);
    await control('DELETE', '/faults');

    await control('POST', '/faults', { kind: 'error', status: 503, method: 'POST', path: '/api/waybills' });
    const down = await failure(() => evr.ensureStarted(request(), reference('W-2026-000103')));
    assert.deepEqual([down.kind, down.retriable, down.status], ['server', true, 503]);
    assert.equal(await startedFor('W-2026-000103'), 0, 'a 5xx did not write');
    assert.ok(await evr.ensureStarted(request(), reference('W-2026-000103')));
    assert.equal(await startedFor('W-2026-000103'), 1);

    const invalid = await failure(() =>
      evr.ensureStarted(request({ transport: { ...request().transport, driverIdCode: '49403136527' } }), reference('W-2026-000104')),
    );
    assert.deepEqual([invalid.kind, invalid.retriable, invalid.status], ['invalid', false, 400]);
    assert.ok(invalid.fieldErrors['transport.driverIdCode']?.length, JSON.stringify(invalid.fieldErrors));

    const missing = await failure(() => evr.getWaybill('TLM9999999'));
    assert.deepEqual([missing.kind, missing.status], ['refused', 404]);
  });

  test('a wrong key is told as such, and no error or message carries the key', async () => {
    const wrong = new EvrClient({ url, apiKey: 'not-a-key', language: 'en' });
    const refused = await failure(() => wrong.getWaybill('TLM0000001'));
    assert.equal(refused.kind, 'auth');
    await control('POST', '/faults', { kind: 'error', status: 500 });
    const failed = await failure(() => evr.ensureStarted(request(), reference('W-2026-000105')));
    for (const err of [refused, failed])
      assert.doesNotMatch(`${err.message} ${err.stack} ${JSON.stringify(err)}`, /our-secret-evr-key|not-a-key/);
  });

  test("unload and cancel as EVR's rules allow; a call in the wrong status is a refusal", async () => {
    const unloaded = await evr.ensureStarted(request(), reference('W-2026-000106'));
    await evr.unload(unloaded, 182, 'At the gate 14:05');
    const read = await evr.getWaybill(unloaded);
    assert.deepEqual([read.status, read.totalJourneyMileage], ['unloaded', 182]);
    const twice = await failure(() => evr.cancel(unloaded, 'Too late'));
    assert.deepEqual([twice.kind, twice.status], ['refused', 400]);
    const cancelled = await evr.ensureStarted(request(), reference('W-2026-000107'));
    await evr.cancel(cancelled, 'Truck broke down');
    assert.equal((await evr.getWaybill(cancelled)).status, 'cancelled');
  });

  test('every change is read, window by window of at most a month, page by page', async () => {
    const numbers = new Set<string>();
    for (let i = 0; i < 105; i++) numbers.add(await evr.startWaybill(request()));
    const seen = new Map<string, number>();
    // Forty days back: two windows (EVR refuses a longer one), and 105 waybills: two pages.
    for await (const waybill of evr.changedBetween(new Date(Date.now() - 40 * 86_400_000), new Date(Date.now() + 1_000)))
      seen.set(waybill.number, (seen.get(waybill.number) ?? 0) + 1);
    assert.deepEqual([...seen.keys()].sort(), [...numbers].sort());
  });
});
