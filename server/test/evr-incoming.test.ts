import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createEvrStandin, type EvrStandin } from '@timberlog/evr-standin';
import { createDemoData, DEMO_HAULIER } from '@timberlog/contract/demo-data';
import { eudrFromComment, incomingOf } from '@timberlog/contract';
import { pollEvr } from '../src/evr/poller.js';
import { standinRegister } from '../src/dev/evr-standin.js';
import { startServer, waitFor, type TestServer } from './helpers.js';

type Row = Record<string, unknown> & { evrNumber: string; evrStatus: string; version: number };

/**
 * Incoming waybills: loads in EVR addressed to us that another company started. The seed takes
 * the demo's in as the poller does; a supplier starts one through the register's own API (the
 * stand-in, over real HTTP) and the poll brings it, then each of the supplier's steps, with the
 * history via EVR, once. Loads where we are not the receiver never come in.
 */
describe('evr-incoming', () => {
  const KEY = 'our-evr-key';
  let s: TestServer;
  let token: string;
  let standin: EvrStandin;
  let evrUrl: string;
  let ours: { registryCode: string; name: string };
  let supplier: { registryCode: string; name: string };
  let third: { registryCode: string; name: string };

  const evrAs = async (key: string, method: string, path: string, body?: unknown) => {
    const r = await fetch(`${evrUrl}${path}`, {
      method,
      headers: { 'EVR-APIKEY': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(r.ok, `${method} ${path}: ${r.status} ${await r.clone().text()}`);
    return r.json().catch(() => null) as Promise<unknown>;
  };
  const list = async (query = '') => {
    const r = await s.req('GET', `/api/evr/incoming/${query}`, { token });
    assert.equal(r.status, 200, r.text);
    return r.body as { count: number; results: Row[] };
  };
  const one = async (number: string) => (await s.req('GET', `/api/evr/incoming/${number}/`, { token })).body as Row;
  /** A load `from` starts in EVR to `to`, carried by `from`, as its own software would. */
  const start = async (from: { registryCode: string; name: string }, to: { registryCode: string; name: string }, comment?: string) =>
    (await evrAs(`key-${from.registryCode}`, 'POST', '/api/waybills', {
      owner: {
        name: from.name,
        code: from.registryCode,
        address: { countryCode: 'EST', county: 'Põlva maakond', city: 'Põlva', street: 'Kesk 1' },
      },
      transport: {
        transporter: { name: from.name, code: from.registryCode },
        driverName: 'Urmas Saar',
        driverIdCode: '37605030299',
        vanRegistrationNumber: '512 BTR',
        trailerRegistrationNumber: '77 KH',
      },
      receiver: {
        name: to.name,
        code: to.registryCode,
        address: { countryCode: 'EST', county: 'Võru maakond', city: 'Võru', street: 'Jüri 2' },
      },
      placeOfDelivery: {
        name: `${to.name}, plats`,
        address: { countryCode: 'EST', county: 'Võru maakond', city: 'Võru', street: 'Jüri 2' },
      },
      departureTime: '2026-11-27T06:30:00Z',
      submissionTime: '2026-11-27T06:20:00Z',
      ...(comment ? { comment } : {}),
      shipments: [
        {
          holdingBase: { type: 'ForestNotice', cadaster: '62401:002:0170', number: '700123426' },
          source: {
            name: 'Himmaste metsaladu',
            address: { countryCode: 'EST', county: 'Põlva maakond', city: 'Põlva', street: 'Himmaste' },
          },
          items: [
            { amount: 18.2, unitCode: 'tm', assortment: { code: 'MA-PALK-18', name: 'Pine saw log', productGroup: 'PALK' } },
            { amount: 9.5, unitCode: 'tm', assortment: { code: 'MA-PP', name: 'Pine pulpwood', productGroup: 'PABER' } },
          ],
          certificateClaims: [{ code: 'FSCMIX', number: 'NC-COC-012345' }],
        },
      ],
    })) as string;

  before(async () => {
    s = await startServer({}, { workers: false });
    token = await s.user();
    const companies = await s.ctx.db.selectFrom('companies').select(['registryCode', 'name']).orderBy('registryCode').execute();
    ours = companies.find((c) => c.name === DEMO_HAULIER)!;
    [supplier, third] = companies.filter((c) => c.registryCode !== ours.registryCode);
    const register = await standinRegister(s.ctx.db, (code) => (code === ours.registryCode ? KEY : `key-${code}`));
    standin = createEvrStandin({ ...register, control: true, logger: false });
    evrUrl = await standin.listen({ port: 0 });
    Object.assign(s.ctx.config, { evrUrl, evrApiKey: KEY, evrTimeoutMs: 2_000, ownCompany: ours.registryCode });
  });
  after(async () => {
    await s.close();
    await standin.close();
  });

  test("the demo's incoming loads are kept as EVR has them: listed newest first, filtered, searched, one by number, with a history via EVR", async () => {
    const demo = createDemoData({ waybills: 80, worklogs: 150 }).incoming;
    const page = await list();
    assert.equal(page.count, demo.length);
    const departures = page.results.map((r) => r.departureTime as string);
    assert.deepEqual(departures, [...departures].sort().reverse());
    const cancelled = await list('?evrStatusIn=cancelled');
    assert.deepEqual(
      cancelled.results.map((r) => r.evrNumber),
      demo.filter((d) => d.waybill.status === 'cancelled').map((d) => d.waybill.number),
    );
    assert.equal((await list('?search=valga')).count, 1);
    assert.equal((await list('?search=62401:002')).count, 1);
    // The measured one: its act, and the total in our unit beside the load.
    const measured = demo.find((d) => d.acts.length > 0 && d.waybill.status === 'unloaded')!;
    const row = await one(measured.waybill.number);
    assert.equal(row.evrStatus, 'unloaded');
    assert.equal(row.unit, 'm3');
    assert.equal(row.quantity, '26.900');
    assert.equal(row.evrMeasuredQuantity, '25.690');
    assert.equal((row.evrMeasurement as { actNumber: string }).actNumber, 'EMM-2026-043');
    assert.equal((row.evrNotes as { message: string }[])[0]?.message, 'Mõõdetud Võru platsil, koor arvestatud.');
    const history = await s.req('GET', `/api/evr/incoming/${measured.waybill.number}/history/`, { token });
    assert.equal(history.status, 200, history.text);
    assert.deepEqual(
      history.body.results.map((e: { action: string; via: string }) => [e.action, e.via]),
      [['created', 'evr']],
    );
  });

  test('bad input is refused on its field and an unknown number is a 404; signed out is a 401', async () => {
    const bad = await s.req('GET', '/api/evr/incoming/?evrStatusIn=lost', { token, headers: { 'accept-language': 'et' } });
    assert.equal(bad.status, 400, bad.text);
    assert.ok(bad.body.evrStatusIn, bad.text);
    assert.equal((await s.req('GET', '/api/evr/incoming/NOPE000001/', { token })).status, 404);
    assert.equal((await s.req('GET', '/api/evr/incoming/NOPE000001/history/', { token })).status, 404);
    assert.equal((await s.req('GET', '/api/evr/incoming/')).status, 401);
  });

  test("a supplier's load to us comes in with the poll, each field as EVR has it; its unload comes as a change via EVR, once; a load to another receiver never comes", async () => {
    await pollEvr(s.ctx);
    const number = await start(supplier, ours, 'EUDR DDS 26EE4100000 / 88120; Kuivad palgid');
    const elsewhere = await start(supplier, third);
    await waitFor(
      async () => {
        await pollEvr(s.ctx);
        return (await s.req('GET', `/api/evr/incoming/${number}/`, { token })).status === 200;
      },
      20_000,
      'the incoming load',
    );
    const row = await one(number);
    assert.deepEqual(row.owner, { name: supplier.name, code: supplier.registryCode });
    assert.deepEqual(row.transporter, { name: supplier.name, code: supplier.registryCode });
    assert.equal(row.evrStatus, 'shipping');
    assert.equal(row.driverIdCode, '37605030299');
    assert.equal(row.vehicleNumber, '512 BTR');
    assert.equal(row.trailerNumber, '77 KH');
    assert.equal(row.departureTime, '2026-11-27T06:30:00.000Z');
    assert.equal(row.sourceName, 'Himmaste metsaladu');
    assert.equal(row.holdingBasisType, 'ForestNotice');
    assert.equal(row.cadastralNumber, '62401:002:0170');
    // Two items in solid cubic metres: the load in m³.
    assert.equal(row.quantity, '27.700');
    assert.equal(row.unit, 'm3');
    assert.deepEqual(row.certificateClaims, [{ code: 'FSCMIX', number: 'NC-COC-012345' }]);
    assert.equal(row.eudrReferenceNumber, '26EE4100000');
    assert.equal(row.eudrVerificationNumber, '88120');
    assert.equal(row.destination, null);
    assert.equal(row.placeOfDelivery && (row.placeOfDelivery as { name: string }).name, `${ours.name}, plats`);
    assert.equal((await s.req('GET', `/api/evr/incoming/${elsewhere}/`, { token })).status, 404);

    await evrAs(`key-${supplier.registryCode}`, 'POST', `/api/waybills/${number}/unload`, { totalJourneyMileage: 87 });
    await evrAs(`key-${supplier.registryCode}`, 'POST', `/api/waybills/${number}/note`, { message: 'Kraanaga maha laaditud.' });
    await waitFor(
      async () => {
        await pollEvr(s.ctx);
        return (await one(number)).evrStatus === 'unloaded';
      },
      20_000,
      'the unload',
    );
    const unloaded = await one(number);
    assert.equal(unloaded.totalJourneyMileage, 87);
    assert.ok(unloaded.unloadedAt);
    assert.deepEqual(
      (unloaded.evrNotes as { message: string; creatorCode: string }[]).map((n) => [n.message, n.creatorCode]),
      [['Kraanaga maha laaditud.', supplier.registryCode]],
    );
    const history = (await s.req('GET', `/api/evr/incoming/${number}/history/`, { token })).body.results as {
      action: string;
      via: string;
      changes: { field: string; before: string; after: string }[];
    }[];
    assert.equal(history[0]!.via, 'evr');
    assert.deepEqual(
      history[0]!.changes.find((c) => c.field === 'evrStatus'),
      { field: 'evrStatus', before: 'shipping', after: 'unloaded' },
    );
    // Read again (the mark keeps an overlap): nothing changes, nothing is written twice.
    const again = await pollEvr(s.ctx);
    assert.equal(again?.incoming, 0);
    assert.equal((await one(number)).version, unloaded.version);
  });

  test('many loads at once: every one comes in, over several pages and statements, each once', async () => {
    const before = (await list()).count;
    const numbers = [];
    for (let i = 0; i < 12; i++) numbers.push(...(await Promise.all(Array.from({ length: 50 }, () => start(third, ours)))));
    await waitFor(
      async () => {
        await pollEvr(s.ctx);
        return (await list()).count === before + numbers.length;
      },
      30_000,
      'every load',
    );
    const { rows } = await s.ctx.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM history WHERE entity = 'incoming_waybill' AND action = 'created' AND record_key = ANY($1)",
      [numbers],
    );
    assert.equal(rows[0]!.n, numbers.length);
  });

  test('reading an EVR document: the EUDR numbers from a comment, one unit or none, unknown values left out', () => {
    assert.deepEqual(eudrFromComment('EUDR DDS 26EE4100000 / 88120; Kuivad palgid'), { reference: '26EE4100000', verification: '88120' });
    assert.equal(eudrFromComment('Kuivad palgid'), null);
    const mixed = incomingOf(
      {
        number: 'X1',
        status: 'shipping',
        owner: { name: 'A', code: '1' },
        shipments: [
          {
            holdingBase: { type: 'Unknown', cadaster: '1:1:1' },
            certificateClaims: [{ code: 'NOT-A-CLAIM' }, { code: 'PEFC' }],
            items: [
              { amount: 10, unitCode: 'tm', assortment: { code: 'A' } },
              { amount: 2, unitCode: 't', assortment: { code: 'B' } },
            ],
          },
        ],
      },
      new Map(),
    );
    assert.equal(mixed.quantity, null);
    assert.equal(mixed.unit, null);
    assert.equal(mixed.holdingBasisType, null);
    assert.equal(mixed.items.length, 2);
    assert.deepEqual(mixed.certificateClaims, [{ code: 'PEFC', number: null }]);
  });
});
