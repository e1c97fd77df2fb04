import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, deliveredWaybill, snapshot, waybillInput, type TestServer } from './helpers.js';

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

  /** A new waybill taken to confirmed, as it is then. */
  const confirmedWaybill = async () => {
    const created = await s.req('POST', '/api/waybills/', { token: user, body: await waybillInput(s) });
    assert.equal(created.status, 201, created.text);
    const path = `/api/waybills/${created.body.number}/`;
    assert.equal((await s.write('PATCH', path, { token: user, body: { status: 'confirmed' } })).status, 200);
    return { path, waybill: (await s.req('GET', path, { token: user })).body };
  };

  test('staff return a confirmed waybill to draft with a reason the history keeps; it can be deleted again', async () => {
    const { path, waybill } = await confirmedWaybill();
    const r = await s.req('PATCH', path, {
      token: staff,
      body: { status: 'draft', reason: 'Confirmed the wrong truck' },
      headers: { 'if-match': `"${waybill.version}"` },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.status, 'draft');
    assert.equal(r.body.version, waybill.version + 1);
    assert.equal(r.headers.get('etag'), `"${waybill.version + 1}"`);
    const history = await s.req('GET', `${path}history/`, { token: user });
    assert.equal(history.body.results[0].reason, 'Confirmed the wrong truck');
    assert.equal(history.body.results[0].version, waybill.version + 1);
    assert.deepEqual(history.body.results[0].changes, [{ field: 'status', before: 'confirmed', after: 'draft' }]);
    assert.equal((await s.write('DELETE', path, { token: user })).status, 204, 'a draft again: deletable');
  });

  test('back to draft: by an ordinary user a 403, without a reason a 400 on reason, without If-Match a 428, over an old version a 412; none changes anything', async () => {
    const { path, waybill } = await confirmedWaybill();
    const before = await snapshot(s.ctx);
    const ordinary = await s.write('PATCH', path, { token: user, body: { status: 'draft', reason: 'mine' } });
    assert.equal(ordinary.status, 403, ordinary.text);
    const blank = await s.write('PATCH', path, { token: staff, body: { status: 'draft', reason: ' ' } });
    assert.equal(blank.status, 400, blank.text);
    assert.match(blank.body.reason[0], /goes back to draft/);
    const unversioned = await s.req('PATCH', path, { token: staff, body: { status: 'draft', reason: 'No version' } });
    assert.equal(unversioned.status, 428, unversioned.text);
    assert.equal(await snapshot(s.ctx), before);
    // A colleague changed it after staff read it: the correction is refused with who and when.
    const read = waybill.version;
    assert.equal((await s.write('PATCH', path, { token: user, body: { notes: 'Changed meanwhile' } })).status, 200);
    const afterEdit = await snapshot(s.ctx);
    const stale = await s.req('PATCH', path, {
      token: staff,
      body: { status: 'draft', reason: 'Too late' },
      headers: { 'if-match': `"${read}"` },
    });
    assert.equal(stale.status, 412, stale.text);
    assert.equal(stale.body.current.status, 'confirmed');
    assert.equal(await snapshot(s.ctx), afterEdit);
  });

  test('a cancelled waybill has no way back, not even for staff with a reason', async () => {
    const { path } = await confirmedWaybill();
    assert.equal((await s.write('PATCH', path, { token: user, body: { status: 'cancelled' } })).status, 200);
    for (const to of ['confirmed', 'draft']) {
      const r = await s.write('PATCH', path, { token: staff, body: { status: to, reason: 'Cancelled by mistake' } });
      assert.equal(r.status, 400, r.text);
      assert.ok(r.body.status, r.text);
    }
  });
});
