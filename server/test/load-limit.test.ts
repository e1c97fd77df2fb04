import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { LOAD_LIMITS } from '@timberlog/contract';
import { startServer, waybillInput, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('load-limit', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer();
    token = await s.user();
  });
  after(async () => {
    await s.close();
  });

  const activeAssortment = async (unit: 'm3' | 't') =>
    (
      await s.ctx.db
        .selectFrom('assortments')
        .select('code')
        .where('unit', '=', unit)
        .where('isActive', '=', true)
        .orderBy('code')
        .executeTakeFirstOrThrow()
    ).code;

  describe('item 4: one waybill is at most one load of its unit', () => {
    test('a quantity over one load of m³ is refused on quantity, in the caller’s language, and nothing is saved', async () => {
      const before = await s.ctx.db
        .selectFrom('waybills')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const body = { ...(await waybillInput(s)), assortment: await activeAssortment('m3'), quantity: '3720' };
      const en = await s.req('POST', '/api/waybills/', { token, body });
      assert.equal(en.status, 400, en.text);
      assert.deepEqual(en.body, { quantity: [`One load is at most ${LOAD_LIMITS.m3} m³: check the quantity.`] });
      const et = await s.req('POST', '/api/waybills/', { token, body, headers: { 'accept-language': 'et' } });
      assert.deepEqual(et.body, { quantity: [`Üks koorem on kuni ${LOAD_LIMITS.m3} m³: kontrolli kogust.`] });
      const after = await s.ctx.db
        .selectFrom('waybills')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(after.n, before.n);
    });

    test('exactly one load is accepted; tonnes are bounded by the tonnes limit', async () => {
      const m3 = await s.req('POST', '/api/waybills/', {
        token,
        body: { ...(await waybillInput(s)), assortment: await activeAssortment('m3'), quantity: `${LOAD_LIMITS.m3}.000` },
      });
      assert.equal(m3.status, 201, m3.text);
      const tonnes = await activeAssortment('t');
      const over = await s.req('POST', '/api/waybills/', {
        token,
        body: { ...(await waybillInput(s)), assortment: tonnes, quantity: `${LOAD_LIMITS.t}.001` },
      });
      assert.deepEqual(over.body, { quantity: [`One load is at most ${LOAD_LIMITS.t} t: check the quantity.`] });
      const ok = await s.req('POST', '/api/waybills/', {
        token,
        body: { ...(await waybillInput(s)), assortment: tonnes, quantity: '59.999' },
      });
      assert.equal(ok.status, 201, ok.text);
    });

    test('an edit of the quantity alone is bounded by the waybill’s own assortment, and changes nothing when refused', async () => {
      const created = await s.req('POST', '/api/waybills/', {
        token,
        body: { ...(await waybillInput(s)), assortment: await activeAssortment('t'), quantity: '25.000' },
      });
      assert.equal(created.status, 201, created.text);
      const patch = await s.write('PATCH', `/api/waybills/${created.body.number}/`, { token, body: { quantity: '80.000' } });
      assert.equal(patch.status, 400, patch.text);
      assert.deepEqual(patch.body, { quantity: [`One load is at most ${LOAD_LIMITS.t} t: check the quantity.`] });
      const got = await s.req('GET', `/api/waybills/${created.body.number}/`, { token });
      assert.equal(got.body.quantity, '25.000');
    });
  });
});
