import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CARRIER, type Harness, MEASURER, OUTSIDER, OWNER, RECEIVER, VIEWER, harness, startRequest } from './helpers.ts';

describe('waybill transitions and who may make them', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  const unload = { totalJourneyMileage: 84, comment: 'Koorem maas' };

  it('starts a waybill in shipping and answers its number as a JSON string', async () => {
    const answer = await h.as(OWNER).post('/api/waybills', startRequest());
    assert.equal(answer.status, 200);
    assert.match(answer.body, /^TLM\d{6}$/);
    const { body: waybill } = await h.as(OWNER).get(`/api/waybills/${answer.body}`);
    assert.equal(waybill.status, 'shipping');
    assert.equal(waybill.creationTime, waybill.lastModificationTime);
    assert.equal(waybill.unloadingTime, null);
    assert.deepEqual(waybill.waybillAuthorizations, [
      { code: MEASURER.code, type: 'forMeasuring' },
      { code: VIEWER.code, type: 'forViewing' },
    ]);
  });

  it('lets only the owner or the transporter start a waybill', async () => {
    assert.equal((await h.as(CARRIER).post('/api/waybills', startRequest())).status, 200);
    const receiver = await h.as(RECEIVER).post('/api/waybills', startRequest());
    assert.equal(receiver.status, 403);
    assert.equal(receiver.body.status, 403);
  });

  it('finds numbers case-insensitively', async () => {
    const number = await h.start();
    assert.equal((await h.as(OWNER).get(`/api/waybills/${number.toLowerCase()}`)).body.number, number);
  });

  it('goes shipping → unloaded → finished, each time with its own time and a later lastModificationTime', async () => {
    const number = await h.start();
    const started = (await h.as(OWNER).get(`/api/waybills/${number}`)).body;
    assert.equal((await h.as(CARRIER).post(`/api/waybills/${number}/unload`, unload)).status, 200);
    const unloaded = (await h.as(OWNER).get(`/api/waybills/${number}`)).body;
    assert.equal(unloaded.status, 'unloaded');
    assert.equal(unloaded.totalJourneyMileage, 84);
    assert.equal(unloaded.unloadingComment, 'Koorem maas');
    assert.equal(unloaded.unloadingTime, unloaded.lastModificationTime);
    assert.ok(unloaded.lastModificationTime > started.lastModificationTime);
    assert.equal((await h.as(RECEIVER).post(`/api/waybills/${number}/finish`)).status, 200);
    const finished = (await h.as(OWNER).get(`/api/waybills/${number}`)).body;
    assert.equal(finished.status, 'finished');
    assert.equal(finished.finishingTime, finished.lastModificationTime);
    assert.ok(finished.lastModificationTime > unloaded.lastModificationTime);
  });

  it('unloads only by the creator or the transporter, and only while shipping', async () => {
    const number = await h.start();
    for (const org of [RECEIVER, MEASURER, VIEWER]) {
      assert.equal((await h.as(org).post(`/api/waybills/${number}/unload`, unload)).status, 403, org.name);
    }
    assert.equal((await h.as(OUTSIDER).post(`/api/waybills/${number}/unload`, unload)).status, 404);
    assert.equal((await h.as(OWNER).post(`/api/waybills/${number}/unload`, unload)).status, 200);
    const again = await h.as(OWNER).post(`/api/waybills/${number}/unload`, unload);
    assert.equal(again.status, 400);
    assert.match(again.body.detail, /unloaded.*shipping/);
  });

  it('finishes only by the receiver or an authorised measurer, and only when unloaded', async () => {
    const number = await h.start();
    assert.equal((await h.as(RECEIVER).post(`/api/waybills/${number}/finish`)).status, 400, 'not yet unloaded');
    await h.as(CARRIER).post(`/api/waybills/${number}/unload`, unload);
    for (const org of [OWNER, CARRIER, VIEWER]) {
      assert.equal((await h.as(org).post(`/api/waybills/${number}/finish`)).status, 403, org.name);
    }
    assert.equal((await h.as(MEASURER).post(`/api/waybills/${number}/finish`)).status, 200);
    assert.equal((await h.as(RECEIVER).post(`/api/waybills/${number}/finish`)).status, 400, 'already finished');
  });

  it('cancels only by the creator, with a reason, and only until it is unloaded', async () => {
    const number = await h.start(OWNER);
    for (const org of [CARRIER, RECEIVER, MEASURER]) {
      assert.equal((await h.as(org).post(`/api/waybills/${number}/cancel`, { reason: 'x' })).status, 403, org.name);
    }
    const tooLong = await h.as(OWNER).post(`/api/waybills/${number}/cancel`, { reason: 'x'.repeat(401) });
    assert.equal(tooLong.status, 400);
    assert.ok(tooLong.body.errors.reason);
    assert.equal((await h.as(OWNER).post(`/api/waybills/${number}/cancel`, {})).status, 400);
    assert.equal((await h.as(OWNER).post(`/api/waybills/${number}/cancel`, { reason: 'Vale veok' })).status, 200);
    const cancelled = (await h.as(RECEIVER).get(`/api/waybills/${number}`)).body;
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(cancelled.cancellationReason, 'Vale veok');
    assert.equal(cancelled.cancellationTime, cancelled.lastModificationTime);
    assert.equal((await h.as(CARRIER).post(`/api/waybills/${number}/unload`, unload)).status, 400, 'cancelled stays cancelled');

    const accepted = await h.start(OWNER);
    await h.as(OWNER).post(`/api/waybills/${accepted}/unload`, unload);
    assert.equal((await h.as(OWNER).post(`/api/waybills/${accepted}/cancel`, { reason: 'hiljaks' })).status, 400);
  });

  it('lets a transporter that started the waybill cancel it as its creator', async () => {
    const number = await h.start(CARRIER);
    assert.equal((await h.as(OWNER).post(`/api/waybills/${number}/cancel`, { reason: 'x' })).status, 403);
    assert.equal((await h.as(CARRIER).post(`/api/waybills/${number}/cancel`, { reason: 'x' })).status, 200);
  });

  it('adds shipments while shipping, by the creator or transporter, up to 25 in all', async () => {
    const number = await h.start();
    const add = { shipments: [startRequest().shipments[0]] };
    assert.equal((await h.as(RECEIVER).post(`/api/waybills/${number}/shipments`, add)).status, 403);
    const before = (await h.as(OWNER).get(`/api/waybills/${number}`)).body;
    assert.equal((await h.as(CARRIER).post(`/api/waybills/${number}/shipments`, add)).status, 200);
    const after = (await h.as(OWNER).get(`/api/waybills/${number}`)).body;
    assert.equal(after.shipments.length, 2);
    assert.ok(after.lastModificationTime > before.lastModificationTime);
    const many = { shipments: Array.from({ length: 24 }, () => add.shipments[0]) };
    const tooMany = await h.as(OWNER).post(`/api/waybills/${number}/shipments`, many);
    assert.equal(tooMany.status, 400);
    assert.ok(tooMany.body.errors.shipments);
    await h.as(OWNER).post(`/api/waybills/${number}/unload`, unload);
    assert.equal((await h.as(OWNER).post(`/api/waybills/${number}/shipments`, add)).status, 400);
  });

  it('takes notes from every party but a viewer, in any status, and moves lastModificationTime', async () => {
    const number = await h.start();
    for (const org of [OWNER, CARRIER, RECEIVER, MEASURER]) {
      assert.equal((await h.as(org).post(`/api/waybills/${number}/note`, { message: `from ${org.name}` })).status, 200, org.name);
    }
    assert.equal((await h.as(VIEWER).post(`/api/waybills/${number}/note`, { message: 'x' })).status, 403);
    assert.equal((await h.as(OUTSIDER).post(`/api/waybills/${number}/note`, { message: 'x' })).status, 404);
    assert.equal((await h.as(OWNER).post(`/api/waybills/${number}/note`, { message: 'x'.repeat(1001) })).status, 400);
    const waybill = (await h.as(VIEWER).get(`/api/waybills/${number}`)).body;
    assert.equal(waybill.notes.length, 4);
    assert.deepEqual(waybill.notes[2].creator, { name: RECEIVER.name, code: RECEIVER.code });
    assert.equal(waybill.notes[3].creationTime, waybill.lastModificationTime);
  });

  it('takes measurement acts from the receiver or a measurer while unloaded; the latest shows on the waybill when asked', async () => {
    const number = await h.start();
    const act = {
      actNumber: 'MA-2026-001',
      actDate: '2026-11-20T14:00:00+02:00',
      measurements: [{ amount: 29.8, unitCode: 'tm', assortment: { code: 'MA-PALK', name: 'Männi palk', productGroup: 'PALK' } }],
      total: { amount: 29.8, unit: 'tm' },
    };
    assert.equal((await h.as(RECEIVER).post(`/api/waybills/${number}/measurements`, act)).status, 400, 'still shipping');
    await h.as(CARRIER).post(`/api/waybills/${number}/unload`, unload);
    assert.equal((await h.as(OWNER).post(`/api/waybills/${number}/measurements`, act)).status, 403);
    assert.equal((await h.as(RECEIVER).post(`/api/waybills/${number}/measurements`, act)).status, 200);
    const second = { ...act, actNumber: 'MA-2026-002', total: { amount: 30.1, unit: 'tm' } };
    assert.equal((await h.as(MEASURER).post(`/api/waybills/${number}/measurements`, second)).status, 200);
    const unknownUnit = await h.as(MEASURER).post(`/api/waybills/${number}/measurements`, { ...act, total: { amount: 1, unit: 'gallon' } });
    assert.deepEqual(Object.keys(unknownUnit.body.errors), ['total.unit']);

    const plain = (await h.as(OWNER).get(`/api/waybills/${number}`)).body;
    assert.equal(plain.waybillLatestMeasurements, null);
    const withActs = (await h.as(OWNER).get(`/api/waybills/${number}?include_latest_measurements=true`)).body;
    assert.equal(withActs.waybillLatestMeasurements.actNumber, 'MA-2026-002');
    assert.equal(withActs.waybillLatestMeasurements.measurerCode, MEASURER.code);
    assert.equal(withActs.waybillLatestMeasurements.creationTime, withActs.lastModificationTime);

    const acts = (await h.as(OWNER).get(`/api/waybills/${number}/measurements`)).body;
    assert.equal(acts.totalCount, 2);
    assert.deepEqual(
      acts.pageResult.map((a: { actNumber: string }) => a.actNumber),
      ['MA-2026-001', 'MA-2026-002'],
    );
    await h.as(RECEIVER).post(`/api/waybills/${number}/finish`);
    assert.equal((await h.as(RECEIVER).post(`/api/waybills/${number}/measurements`, act)).status, 400, 'finished');
  });

  it('answers errors in the language asked for', async () => {
    const number = await h.start();
    const en = await h.as(RECEIVER, 'en').post(`/api/waybills/${number}/unload`, unload);
    const et = await h.as(RECEIVER, 'et').post(`/api/waybills/${number}/unload`, unload);
    assert.equal(en.body.title, 'Forbidden');
    assert.equal(et.body.title, 'Keelatud');
    assert.match(et.body.detail, /maha laadida/);
  });
});
