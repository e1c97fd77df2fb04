import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, deliveredWaybill, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('corrections', () => {
  let s: TestServer;
  let user: string;
  let staff: string;
  before(async () => {
    s = await startServer({}, { workers: false });
    user = await s.user();
    staff = await s.staff();
  });
  after(async () => {
    await s.close();
  });

  test('staff return a delivered, uninvoiced waybill to confirmed with a reason the history keeps; it can be edited again', async () => {
    const wb = await deliveredWaybill(s, user);
    const path = `/api/waybills/${wb.number}/`;
    const r = await s.write('PATCH', path, { token: staff, body: { status: 'confirmed', reason: 'Quantity typed as 3720 for 37.20' } });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.status, 'confirmed');
    const history = await s.req('GET', `${path}history/`, { token: user });
    assert.equal(history.body.results[0].reason, 'Quantity typed as 3720 for 37.20');
    assert.deepEqual(history.body.results[0].changes, [{ field: 'status', before: 'delivered', after: 'confirmed' }]);
    assert.equal((await s.write('PATCH', path, { token: user, body: { quantity: '37.200' } })).status, 200, 'editable again');
  });

  test('a correction without a reason is a 400 on reason; by an ordinary user a 403; of an invoiced waybill a 400; each changes nothing', async () => {
    const wb = await deliveredWaybill(s, user);
    const path = `/api/waybills/${wb.number}/`;
    const blank = await s.write('PATCH', path, { token: staff, body: { status: 'confirmed', reason: '  ' } });
    assert.equal(blank.status, 400);
    assert.ok(blank.body.reason, blank.text);
    assert.equal((await s.write('PATCH', path, { token: staff, body: { status: 'confirmed' } })).status, 400);
    const ordinary = await s.write('PATCH', path, { token: user, body: { status: 'confirmed', reason: 'mine' } });
    assert.equal(ordinary.status, 403);
    assert.equal((await s.req('GET', path, { token: user })).body.status, 'delivered');

    const inv = await s.req('POST', '/api/invoices/', { token: user, body: { waybills: [wb.number] } });
    assert.equal(inv.status, 201, inv.text);
    const invoiced = await s.write('PATCH', path, { token: staff, body: { status: 'confirmed', reason: 'too late' } });
    assert.equal(invoiced.status, 400);
    assert.ok(invoiced.body.status, invoiced.text);
    assert.equal((await s.req('GET', path, { token: user })).body.status, 'invoiced');
  });
});
