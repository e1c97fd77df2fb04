import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CARRIER, type Harness, MEASURER, OUTSIDER, OWNER, RECEIVER, VIEWER, harness, startRequest } from './helpers.ts';

describe('listing waybills', () => {
  let h: Harness;
  // A clock the tests move, so creation and modification times are known.
  let clock = Date.parse('2026-11-01T08:00:00Z');
  const at = (iso: string) => {
    clock = Date.parse(iso);
  };
  const numbers = (answer: { body: { pageResult: { number: string }[] } }) => answer.body.pageResult.map((w) => w.number);
  const started: string[] = [];

  before(async () => {
    h = await harness({ now: () => new Date(clock) });
    // Nine waybills a day apart: ours (owner and creator), three carried by another with our van numbers.
    for (let i = 0; i < 9; i++) {
      at(`2026-11-0${i + 1}T08:00:00Z`);
      const request = startRequest({ transportOrder: `TO-${i}`, comment: i === 4 ? 'Kiire tellimus "Paide" suunal' : undefined });
      request.transport = { ...request.transport, vanRegistrationNumber: i < 3 ? '777AAA' : '123ABC' };
      started.push(await h.start(i % 3 === 2 ? CARRIER : OWNER, request));
    }
    // Someone else's waybill, between others' parties only.
    at('2026-11-05T09:00:00Z');
    const foreign = startRequest();
    foreign.owner = { ...foreign.owner, code: OUTSIDER.code, name: OUTSIDER.name };
    foreign.receiver = { ...foreign.receiver, code: OUTSIDER.code, name: OUTSIDER.name };
    foreign.viewers = [];
    await h.start(CARRIER, foreign);
  });
  after(() => h.close());

  it('answers the paged shape pyevr names, newest first by default', async () => {
    const answer = await h.as(OWNER).get('/api/waybills?page_size=4');
    assert.equal(answer.status, 200);
    assert.deepEqual(Object.keys(answer.body).sort(), ['pageNumber', 'pageResult', 'pageSize', 'totalCount']);
    assert.equal(answer.body.totalCount, 9);
    assert.equal(answer.body.pageSize, 4);
    assert.deepEqual(numbers(answer), started.slice(5).reverse());
  });

  it('pages through every waybill once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await h.as(OWNER).get(`/api/waybills?sort=creationTimeAsc&page=${page}&page_size=4`);
      assert.equal(answer.body.pageNumber, page);
      seen.push(...numbers(answer));
    }
    assert.deepEqual(seen, started);
    assert.deepEqual(numbers(await h.as(OWNER).get('/api/waybills?page=4&page_size=4')), []);
    assert.equal((await h.as(OWNER).get('/api/waybills?page=0')).status, 400);
    assert.equal((await h.as(OWNER).get('/api/waybills?page_size=1000')).status, 400);
    assert.equal((await h.as(OWNER).get('/api/waybills?sort=newest')).status, 400);
  });

  it('shows each organisation only the waybills it is a party to', async () => {
    assert.equal((await h.as(RECEIVER).get('/api/waybills')).body.totalCount, 9);
    assert.equal((await h.as(VIEWER).get('/api/waybills')).body.totalCount, 9);
    assert.equal((await h.as(CARRIER).get('/api/waybills')).body.totalCount, 10);
    assert.equal((await h.as(MEASURER).get('/api/waybills')).body.totalCount, 10);
    assert.equal((await h.as(OUTSIDER).get('/api/waybills')).body.totalCount, 1);
    const answer = await h.as(OUTSIDER).get(`/api/waybills/${started[0]}`);
    assert.equal(answer.status, 404);
    assert.equal(answer.body.status, 404);
    assert.equal((await h.as(OWNER).get('/api/waybills/NOPE000001')).status, 404);
  });

  it('refuses an unknown or missing API key with a 401 ProblemDetails', async () => {
    const missing = await fetch(`${h.url}/api/waybills`);
    assert.equal(missing.status, 401);
    assert.equal(missing.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    const wrong = await h.as('not-a-key').get('/api/waybills');
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.title, 'Unauthorized');
    assert.equal((await h.as('not-a-key').get('/api/assortments')).status, 401);
  });

  it('filters by creation time, inclusive at both ends', async () => {
    const answer = await h
      .as(OWNER)
      .get('/api/waybills?sort=creationTimeAsc&created_after=2026-11-02T08:00:00Z&created_before=2026-11-04T08:00:00Z');
    assert.deepEqual(numbers(answer), started.slice(1, 4));
  });

  it('filters by modification time, exclusive at both ends, and a change moves a waybill into the window', async () => {
    const window = 'last_modified_after=2026-11-08T08:00:00Z&last_modified_before=2026-11-20T00:00:00Z';
    assert.deepEqual(numbers(await h.as(OWNER).get(`/api/waybills?${window}`)), [started[8]]);
    at('2026-11-10T10:00:00Z');
    await h.as(RECEIVER).post(`/api/waybills/${started[0]}/note`, { message: 'Saabus' });
    assert.deepEqual(numbers(await h.as(OWNER).get(`/api/waybills?sort=lastModificationTimeDesc&${window}`)), [started[0], started[8]]);
  });

  it('refuses a window longer than one month on either pair of times', async () => {
    for (const [after, before] of [
      ['last_modified_after', 'last_modified_before'],
      ['created_after', 'created_before'],
    ]) {
      const ok = await h.as(OWNER).get(`/api/waybills?${after}=2026-10-15T00:00:00Z&${before}=2026-11-15T00:00:00Z`);
      assert.equal(ok.status, 200, after);
      const tooLong = await h.as(OWNER).get(`/api/waybills?${after}=2026-10-15T00:00:00Z&${before}=2026-11-15T00:00:01Z`);
      assert.equal(tooLong.status, 400, after);
      assert.equal(tooLong.body.status, 400);
      assert.match(tooLong.body.detail, new RegExp(after!));
    }
    // One side alone is not a window.
    assert.equal((await h.as(OWNER).get('/api/waybills?last_modified_after=2020-01-01T00:00:00Z')).body.totalCount, 9);
    assert.equal((await h.as(OWNER).get('/api/waybills?created_after=not-a-date')).status, 400);
  });

  it('filters by status, parties, vehicle, driver and place of delivery', async () => {
    at('2026-11-12T10:00:00Z');
    await h.as(OWNER).post(`/api/waybills/${started[1]}/unload`, { totalJourneyMileage: 40 });
    const get = async (query: string) => numbers(await h.as(OWNER).get(`/api/waybills?sort=creationTimeAsc&${query}`));
    assert.deepEqual(await get('status=unloaded'), [started[1]]);
    assert.equal((await h.as(OWNER).get('/api/waybills?status=lost')).status, 400);
    assert.deepEqual(await get('van_registration_number=777AAA'), started.slice(0, 3));
    assert.deepEqual(await get('van_registration_number=777aaa'), [], 'case-sensitive');
    assert.equal((await get(`owner_code=${OWNER.code}`)).length, 9);
    assert.equal((await get(`transporter_code=${CARRIER.code}`)).length, 9);
    assert.equal((await get(`receiver_code=${OWNER.code}`)).length, 0);
    assert.equal((await get('driver_id_code=49403136526&trailer_registration_number=45XYZ')).length, 9);
    assert.equal((await get('place_of_delivery_code=JSV-PAIDE')).length, 0);
  });

  it('searches text with AND, quoted phrases, OR and exclusion', async () => {
    const get = async (text: string) =>
      numbers(await h.as(OWNER).get(`/api/waybills?sort=creationTimeAsc&text=${encodeURIComponent(text)}`));
    assert.deepEqual(await get('TO-3'), [started[3]]);
    assert.deepEqual(await get('TO-3 OR TO-5'), [started[3], started[5]]);
    assert.deepEqual(await get('kiire tellimus'), [started[4]]);
    assert.deepEqual(await get('"tellimus kiire"'), []);
    assert.deepEqual(await get('"kiire tellimus"'), [started[4]]);
    assert.equal((await get('Männi -TO-1')).length, 8);
    assert.deepEqual(await get(started[6]!), [started[6]]);
  });

  it('finds a waybill whose answer was lost by our own reference, as the README describes', async () => {
    at('2026-11-15T07:59:00Z');
    const reference = 'TL-2026-04711';
    const request = startRequest({
      transportOrder: reference,
      userCustomData: { timberlogWaybillId: '5c1e6f0e-2f7a-4d8e-9b0f-0a9d2b7e4711' },
      submissionTime: '2026-11-15T09:58:30+02:00',
    });
    const number = await h.start(OWNER, request);
    const query = `created_after=2026-11-15T07:58:00Z&owner_code=${OWNER.code}&text=${encodeURIComponent(`"${reference}"`)}`;
    const found = (await h.as(OWNER).get(`/api/waybills?${query}`)).body.pageResult;
    assert.equal(found.length, 1);
    assert.equal(found[0].number, number);
    assert.equal(found[0].transportOrder, reference);
    assert.deepEqual(found[0].userCustomData, { timberlogWaybillId: '5c1e6f0e-2f7a-4d8e-9b0f-0a9d2b7e4711' });
    assert.equal(found[0].submissionTime, '2026-11-15T09:58:30+02:00');
    // The client's own data is answered, but free text does not search it.
    assert.equal((await h.as(OWNER).get('/api/waybills?text=5c1e6f0e')).body.totalCount, 0);
  });
});

describe('reference data', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  it('answers assortments, units and certificate claims as paged lists', async () => {
    const assortments = (await h.as(OWNER).get('/api/assortments?page_size=100')).body;
    assert.ok(assortments.pageResult.some((a: { code: string; productGroupCode: string }) => a.productGroupCode === 'PALK'));
    assert.ok(assortments.pageResult.every((a: object) => Object.keys(a).join() === 'code,productGroupCode,name,measurementUnitCode'));
    const units = (await h.as(OWNER).get('/api/measurementunits')).body.pageResult.map((u: { code: string }) => u.code);
    assert.deepEqual(units, ['tm', 'rm', 'm3', 't', 'pcs']);
    const claims = (await h.as(OWNER).get('/api/certificates')).body.pageResult.map((c: { name: string }) => c.name);
    for (const name of ['FSC 100%', 'FSC Mix', 'FSC Recycled', 'PEFC certified']) assert.ok(claims.includes(name), name);
    const second = (await h.as(OWNER).get('/api/assortments?page=2&page_size=5')).body;
    assert.equal(second.pageResult.length, 5);
    assert.equal(second.totalCount, assortments.totalCount);
  });

  it('answers the registered organisations and one’s own', async () => {
    const found = (await h.as(OWNER).get(`/api/organizations?name_contains=saeveski`)).body.pageResult;
    assert.deepEqual(
      found.map((o: { registerCode: string }) => o.registerCode),
      [RECEIVER.code],
    );
    assert.equal((await h.as(RECEIVER).get('/api/me')).body.registerCode, RECEIVER.code);
  });
});
