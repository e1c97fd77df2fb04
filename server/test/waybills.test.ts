import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { WAYBILL_STATUSES, WAYBILL_CORRECTIONS, WAYBILL_TRANSITIONS, type WaybillStatus } from '@timberlog/contract';
import { DEMO_USERS, startServer, waybillInput, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('waybills', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer();
    token = await s.user();
  });
  after(async () => {
    await s.close();
  });

  /** Puts a new waybill into `status` directly in the database (invoiced and cancelled are not reachable by every path). */
  async function waybillIn(status: WaybillStatus): Promise<string> {
    const r = await s.req('POST', '/api/waybills/', { token, body: await waybillInput(s) });
    assert.equal(r.status, 201, r.text);
    await s.ctx.db.updateTable('waybills').set({ status }).where('number', '=', r.body.number).execute();
    return r.body.number;
  }

  describe('waybill CRUD', () => {
    test('create assigns a number and draft status, fills names and the destination company', async () => {
      const input = await waybillInput(s);
      delete input.destinationCompany;
      const r = await s.req('POST', '/api/waybills/', { token, body: input });
      assert.equal(r.status, 201, r.text);
      assert.match(r.body.number, /^W-\d{4}-\d{6}$/);
      assert.equal(r.body.status, 'draft');
      assert.equal(r.body.quantity, '25.500');
      assert.equal(r.body.unit, 'm3');
      assert.ok(r.body.originName && r.body.destinationName && r.body.destinationCompanyName && r.body.assortmentName);
      assert.match(r.body.destinationCompany, /^\d{8}$/);
      assert.equal(r.body.createdBy, 'user@timberlog.ee');
      // "Created by" names the person, as history does.
      assert.equal(r.body.createdByName, DEMO_USERS.user.name);
      const listed = await s.req('GET', `/api/waybills/?number=${r.body.number}`, { token });
      assert.equal(listed.body.results[0].createdByName, DEMO_USERS.user.name);
      assert.ok(r.body.createdAt && r.body.lastModifiedAt);
      const got = await s.req('GET', `/api/waybills/${r.body.number}`, { token });
      assert.equal(got.status, 200);
      assert.deepEqual(got.body, r.body);
    });

    test('a given number is kept, and a taken number is a 400 on number', async () => {
      const body = { ...(await waybillInput(s)), number: 'VEO-777' };
      assert.equal((await s.req('POST', '/api/waybills/', { token, body })).status, 201);
      const dup = await s.req('POST', '/api/waybills/', { token, body });
      assert.equal(dup.status, 400);
      assert.deepEqual(Object.keys(dup.body), ['number']);
    });

    test('racing creates of one number: one wins, the others are 400s (never 500s)', async () => {
      const body = { ...(await waybillInput(s)), number: 'RACE-1' };
      const answers = await Promise.all(Array.from({ length: 6 }, () => s.req('POST', '/api/waybills/', { token, body })));
      const statuses = answers.map((r) => r.status).sort();
      assert.deepEqual(statuses, [201, 400, 400, 400, 400, 400]);
      for (const r of answers.filter((x) => x.status === 400)) assert.ok(r.body.number || r.body.nonFieldErrors, r.text);
    });

    test('unknown references are 400 on their fields', async () => {
      const r = await s.req('POST', '/api/waybills/', {
        token,
        body: { ...(await waybillInput(s)), origin: 'NOPE', destination: 'NADA', assortment: 'XX', destinationCompany: '99999999' },
      });
      assert.equal(r.status, 400);
      for (const f of ['origin', 'destination', 'assortment', 'destinationCompany']) assert.ok(r.body[f], `error on ${f}`);
    });

    test('an inactive assortment cannot be used', async () => {
      const r = await s.req('POST', '/api/waybills/', { token, body: { ...(await waybillInput(s)), assortment: 'KU-PALK-14' } });
      assert.equal(r.status, 400);
      assert.ok(r.body.assortment);
    });

    test('PUT and PATCH edit draft and confirmed waybills', async () => {
      const number = await waybillIn('draft');
      const put = await s.write('PUT', `/api/waybills/${number}/`, {
        token,
        body: { ...(await waybillInput(s)), mileage: 321, notes: 'edited' },
      });
      assert.equal(put.status, 200, put.text);
      assert.equal(put.body.mileage, 321);
      await s.ctx.db.updateTable('waybills').set({ status: 'confirmed' }).where('number', '=', number).execute();
      const patch = await s.write('PATCH', `/api/waybills/${number}/`, { token, body: { quantity: '30.125' } });
      assert.equal(patch.status, 200);
      assert.equal(patch.body.quantity, '30.125');
    });

    for (const status of ['delivered', 'invoiced', 'cancelled'] as const) {
      test(`a ${status} waybill cannot be edited`, async () => {
        const number = await waybillIn(status);
        const r = await s.write('PATCH', `/api/waybills/${number}/`, { token, body: { mileage: 5 } });
        assert.equal(r.status, 400);
        assert.ok(r.body.nonFieldErrors[0].includes(status));
        const after = await s.req('GET', `/api/waybills/${number}/`, { token });
        assert.notEqual(after.body.mileage, 5);
      });
    }

    test('only draft waybills can be deleted', async () => {
      for (const status of WAYBILL_STATUSES) {
        const number = await waybillIn(status);
        const r = await s.write('DELETE', `/api/waybills/${number}/`, { token });
        if (status === 'draft') {
          assert.equal(r.status, 204);
          assert.equal((await s.req('GET', `/api/waybills/${number}/`, { token })).status, 404);
        } else {
          assert.equal(r.status, 400, status);
          assert.ok(r.body.nonFieldErrors);
          assert.equal((await s.req('GET', `/api/waybills/${number}/`, { token })).status, 200);
        }
      }
    });

    test('unknown waybill is a 404 with detail', async () => {
      const r = await s.req('GET', '/api/waybills/NOPE-1/', { token });
      assert.equal(r.status, 404);
      assert.deepEqual(r.body, { detail: 'Not found.' });
    });
  });

  describe('waybill status transitions', () => {
    for (const from of WAYBILL_STATUSES) {
      for (const to of WAYBILL_STATUSES) {
        if (from === to) continue;
        const legal = WAYBILL_TRANSITIONS[from].includes(to);
        // A correction (staff only, with a reason: test/corrections.test.ts) is forbidden to an ordinary user.
        const correction = WAYBILL_CORRECTIONS[from].includes(to);
        test(`${from} → ${to} is ${legal ? 'allowed' : correction ? 'a correction, forbidden to an ordinary user' : 'refused'}`, async () => {
          const number = await waybillIn(from);
          const r = await s.write('PATCH', `/api/waybills/${number}/`, { token, body: { status: to } });
          const now = await s.req('GET', `/api/waybills/${number}/`, { token });
          if (correction) {
            assert.equal(r.status, 403, r.text);
            assert.equal(now.body.status, from);
          } else if (legal) {
            assert.equal(r.status, 200, r.text);
            assert.equal(now.body.status, to);
          } else {
            assert.equal(r.status, 400);
            assert.ok(r.body.status[0].includes(from) && r.body.status[0].includes(to), 'message names both states');
            assert.equal(now.body.status, from);
          }
        });
      }
    }
    test('the transition message is translated', async () => {
      const number = await waybillIn('delivered');
      const r = await s.write('PATCH', `/api/waybills/${number}/`, {
        token,
        body: { status: 'draft' },
        headers: { 'accept-language': 'et' },
      });
      assert.match(r.body.status[0], /Veoselehte ei saa viia olekust "delivered" olekusse "draft"/);
    });
  });

  describe('waybill list', () => {
    test('paging, next/previous and 404 past the end', async () => {
      const p1 = await s.req('GET', '/api/waybills/?pageSize=10', { token });
      assert.equal(p1.status, 200);
      assert.equal(p1.body.results.length, 10);
      assert.equal(p1.body.previous, null);
      assert.match(p1.body.next, /pageNumber=2/);
      const last = Math.ceil(p1.body.count / 10);
      const pl = await s.req('GET', `/api/waybills?pageSize=10&pageNumber=${last}`, { token });
      assert.equal(pl.status, 200);
      assert.equal(pl.body.next, null);
      const past = await s.req('GET', `/api/waybills/?pageSize=10&pageNumber=${last + 1}`, { token });
      assert.equal(past.status, 404);
      // With the list's count, so the caller goes to the last page without asking again.
      assert.deepEqual(past.body, { detail: 'Invalid page.', count: p1.body.count });
      assert.equal((await s.req('GET', '/api/waybills/?pageSize=101', { token })).status, 400);
    });

    test('statusIn repeated and comma-separated give the same result', async () => {
      const a = await s.req('GET', '/api/waybills/?statusIn=draft&statusIn=cancelled&pageSize=100', { token });
      const b = await s.req('GET', '/api/waybills/?statusIn=draft,cancelled&pageSize=100', { token });
      assert.equal(a.status, 200);
      assert.deepEqual(
        a.body.results.map((w: any) => w.number),
        b.body.results.map((w: any) => w.number),
      );
      assert.ok(a.body.results.every((w: any) => ['draft', 'cancelled'].includes(w.status)));
      const bad = await s.req('GET', '/api/waybills/?statusIn=draft,lost', { token });
      assert.equal(bad.status, 400);
      assert.ok(bad.body.statusIn);
    });

    test('every documented filter narrows the list', async () => {
      const all = (await s.req('GET', '/api/waybills/?pageSize=100', { token })).body.results as any[];
      const sample = all[3];
      const checks: [string, (w: any) => boolean][] = [
        [`assortment=${sample.assortment}`, (w) => w.assortment === sample.assortment],
        [`destination=${sample.destination}`, (w) => w.destination === sample.destination],
        [`destinationCompany=${sample.destinationCompany}`, (w) => w.destinationCompany === sample.destinationCompany],
        [`driverName=${encodeURIComponent(sample.driverName)}`, (w) => w.driverName === sample.driverName],
        [`mileage=${sample.mileage}`, (w) => w.mileage === sample.mileage],
        [`origin=${sample.origin}`, (w) => w.origin === sample.origin],
        [`status=${sample.status}`, (w) => w.status === sample.status],
        [`transportDate=${sample.transportDate}`, (w) => w.transportDate === sample.transportDate],
        [
          `transportDateAfter=2026-10-01&transportDateBefore=2026-10-31`,
          (w) => w.transportDate >= '2026-10-01' && w.transportDate <= '2026-10-31',
        ],
        [
          `search=${encodeURIComponent(sample.vehicleNumber.toLowerCase())}`,
          (w) => w.vehicleNumber === sample.vehicleNumber || w.number.includes(sample.vehicleNumber),
        ],
        [`createdAfter=${encodeURIComponent(sample.createdAt)}`, (w) => w.createdAt >= sample.createdAt],
        [
          `lastModifiedBefore=${sample.lastModifiedAt.slice(0, 10)}`,
          (w) => w.lastModifiedAt.slice(0, 10) <= sample.lastModifiedAt.slice(0, 10),
        ],
      ];
      for (const [q, ok] of checks) {
        const r = await s.req('GET', `/api/waybills/?pageSize=100&${q}`, { token });
        assert.equal(r.status, 200, q);
        assert.ok(r.body.count > 0, `${q} finds something`);
        assert.ok(r.body.results.every(ok), `${q} keeps only matching rows`);
        assert.ok(r.body.count <= all.length + 100);
      }
    });

    test('sort by several fields, descending with -, unknown field is 400', async () => {
      const r = await s.req('GET', '/api/waybills/?sort=-mileage,number&pageSize=100', { token });
      const m = r.body.results.map((w: any) => w.mileage);
      assert.deepEqual(
        m,
        [...m].sort((a: number, b: number) => b - a),
      );
      const repeated = await s.req('GET', '/api/waybills/?sort=-mileage&sort=number&pageSize=100', { token });
      assert.deepEqual(
        repeated.body.results.map((w: any) => w.number),
        r.body.results.map((w: any) => w.number),
      );
      const bad = await s.req('GET', '/api/waybills/?sort=number,-price', { token });
      assert.equal(bad.status, 400);
      assert.deepEqual(Object.keys(bad.body), ['sort']);
      assert.match(bad.body.sort[0], /^Unknown sort field "price"\. Allowed: number, status, transportDate, /);
      const tooMany = await s.req('GET', '/api/waybills/?sort=number,status,mileage,origin,destination,invoice', { token });
      assert.equal(tooMany.status, 400);
      assert.ok(tooMany.body.sort);
    });

    test('bad filter values are 400 naming the parameter', async () => {
      for (const q of ['transportDate=2026-13-40', 'mileage=abc', 'createdAfter=yesterday', 'pageNumber=0', 'status=lost']) {
        const r = await s.req('GET', `/api/waybills/?${q}`, { token });
        assert.equal(r.status, 400, q);
        assert.ok(r.body[q.split('=')[0]!], q);
      }
    });
  });
});
