import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { messageTexts } from '../src/messages.ts';
import { idCodeCheckDigit, isValidIdCode } from '../src/validation.ts';
import { DEMO_PLACES_OF_DELIVERY } from '../src/index.ts';
import { ADDRESS, CARRIER, type Harness, OWNER, harness, shipment, startRequest } from './helpers.ts';

describe('Estonian personal identification codes', () => {
  it('accepts codes whose check digit comes from the first pass, the second pass, or is 0 after both', () => {
    for (const code of ['49403136526', '37605030299', '38501010087', '38501011610', '50001010006']) {
      assert.ok(isValidIdCode(code), code);
    }
    // 3850101008: the first pass leaves 10, the second 7.
    assert.equal(idCodeCheckDigit([3, 8, 5, 0, 1, 0, 1, 0, 0, 8]), 7);
  });

  it('refuses a wrong check digit, an impossible birth date, a wrong century digit or length', () => {
    for (const code of [
      '49403136527',
      '38501010080',
      '39902300000',
      '39913010000',
      '99403136526',
      '4940313652',
      '494031365260',
      '4940313652a',
    ]) {
      assert.ok(!isValidIdCode(code), code);
    }
  });
});

describe('StartWaybillRequest validation', () => {
  let h: Harness;
  before(async () => {
    h = await harness({ placesOfDelivery: [...DEMO_PLACES_OF_DELIVERY] });
  });
  after(() => h.close());

  const post = (body: unknown, language: 'et' | 'en' = 'en') => h.as(OWNER, language).post('/api/waybills', body);
  const errorsOf = async (body: unknown) => {
    const answer = await post(body);
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    return answer.body.errors as Record<string, string[]>;
  };

  it('accepts a complete request', async () => {
    assert.equal((await post(startRequest())).status, 200);
  });

  it('names every missing party and required field by its JSON path', async () => {
    const errors = await errorsOf({ shipments: [{ holdingBase: { type: 'ForestNotice' }, source: {}, items: [{}] }] });
    for (const path of [
      'owner',
      'transport',
      'receiver',
      'placeOfDelivery',
      'departureTime',
      'submissionTime',
      'shipments[0].holdingBase.cadaster',
      'shipments[0].source.name',
      'shipments[0].source.address',
      'shipments[0].items[0].amount',
      'shipments[0].items[0].unitCode',
      'shipments[0].items[0].assortment',
    ]) {
      assert.ok(errors[path], `${path} in ${Object.keys(errors).join(', ')}`);
    }
  });

  it('checks the driver’s personal code and the cadastral number format', async () => {
    const request = startRequest({ shipments: [shipment({ type: 'WithoutForestNotice', cadaster: '78401:1:123' })] });
    request.transport = { ...request.transport, driverIdCode: '49403136527' };
    const errors = await errorsOf(request);
    assert.deepEqual(Object.keys(errors).sort(), ['shipments[0].holdingBase.cadaster', 'transport.driverIdCode']);
    assert.match(errors['transport.driverIdCode']![0]!, /personal identification code/);
  });

  it('accepts several cadastral numbers in one holding base', async () => {
    const request = startRequest({ shipments: [shipment({ type: 'WithoutForestNotice', cadaster: '78401:001:0123, 78401:001:0124' })] });
    assert.equal((await post(request)).status, 200);
  });

  it('knows the seven holding bases and what each needs', async () => {
    const unknown = await errorsOf(startRequest({ shipments: [shipment({ type: 'Gift', cadaster: '78401:001:0123' })] }));
    assert.deepEqual(Object.keys(unknown), ['shipments[0].holdingBase.type']);
    const bare = await errorsOf(
      startRequest({
        shipments: [
          shipment({ type: 'SalesContract', cadaster: '78401:001:0123' }),
          shipment({ type: 'ContractForTransferOfCuttingRights', cadaster: '78401:001:0123' }),
          shipment({ type: 'ForestAct', cadaster: '78401:001:0123' }),
          shipment({ type: 'InventoryAct', cadaster: '78401:001:0123' }),
          shipment({ type: 'ConsolidatedAct', cadaster: '78401:001:0123' }),
        ],
      }),
    );
    assert.deepEqual(Object.keys(bare).sort(), [
      'shipments[0].holdingBase.contractDate',
      'shipments[0].holdingBase.contractNumber',
      'shipments[0].holdingBase.previousOwner',
      'shipments[1].holdingBase.contractDate',
      'shipments[1].holdingBase.contractNumber',
      'shipments[1].holdingBase.previousOwner',
      'shipments[2].holdingBase.contractDate',
      'shipments[2].holdingBase.contractNumber',
      'shipments[3].holdingBase.contractDate',
      'shipments[3].holdingBase.contractNumber',
      'shipments[4].holdingBase.contractDate',
      'shipments[4].holdingBase.contractNumber',
    ]);
    const document = { contractNumber: 'MK-17', contractDate: '2026-10-01T00:00:00Z', cadaster: '78401:001:0123' };
    const previousOwner = { name: 'Jaan Tamm', code: '37605030299', address: 'Kuusiku küla' };
    const complete = startRequest({
      shipments: [
        shipment({ type: 'SalesContract', ...document, previousOwner }),
        shipment({ type: 'ContractForTransferOfCuttingRights', ...document, previousOwner }),
        shipment({ type: 'ForestAct', ...document }),
        shipment({ type: 'InventoryAct', ...document }),
        shipment({ type: 'ConsolidatedAct', ...document }),
        shipment({ type: 'WithoutForestNotice', cadaster: '78401:001:0123' }),
        shipment({ type: 'ForestNotice', cadaster: '78401:001:0123' }),
      ],
    });
    assert.equal((await post(complete)).status, 200);
  });

  it('holds 1 to 25 shipments and 1 to 25 items in each', async () => {
    assert.ok((await errorsOf(startRequest({ shipments: [] }))).shipments);
    assert.ok((await errorsOf(startRequest({ shipments: Array.from({ length: 26 }, () => shipment()) }))).shipments);
    const items = (count: number) => ({ ...shipment(), items: Array.from({ length: count }, () => shipment().items[0]) });
    assert.ok((await errorsOf(startRequest({ shipments: [items(0)] })))['shipments[0].items']);
    assert.ok((await errorsOf(startRequest({ shipments: [items(26)] })))['shipments[0].items']);
    assert.equal((await post(startRequest({ shipments: Array.from({ length: 25 }, () => items(25)) }))).status, 200);
  });

  it('knows assortment, unit and certificate codes, and an assortment’s product group', async () => {
    const bad = {
      ...shipment(),
      items: [
        { amount: 1, unitCode: 'barrel', assortment: { code: 'TEAK', name: 'Teak', productGroup: 'PALK' } },
        { amount: 1, unitCode: 'rm', assortment: { code: 'KUTTEPUU', name: 'Küttepuu', productGroup: 'PALK' } },
      ],
      certificateClaims: [{ code: 'FSC 200%' }],
    };
    const errors = await errorsOf(startRequest({ shipments: [bad] }));
    assert.deepEqual(Object.keys(errors).sort(), [
      'shipments[0].certificateClaims[0].code',
      'shipments[0].items[0].assortment.code',
      'shipments[0].items[0].unitCode',
      'shipments[0].items[1].assortment.productGroup',
    ]);
  });

  it('takes an organisation’s own assortment codes unless it is set up to use EVR’s, within EVR’s product groups', async () => {
    const own = (productGroup: string) => ({
      ...shipment(),
      items: [{ amount: 12.5, unitCode: 'tm', assortment: { code: 'KU-PALK-18', name: 'Spruce saw log 18+ cm', productGroup } }],
    });
    // The carrier names its own codes (it is not set up for EVR's); the owner is.
    const carrier = (body: unknown) => h.as(CARRIER, 'en').post('/api/waybills', body);
    assert.equal((await carrier(startRequest({ shipments: [own('PALK')] }))).status, 200);
    const wrongGroup = await carrier(startRequest({ shipments: [own('LAUD')] }));
    assert.equal(wrongGroup.status, 400);
    assert.deepEqual(Object.keys(wrongGroup.body.errors as object), ['shipments[0].items[0].assortment.productGroup']);
    assert.ok((await errorsOf(startRequest({ shipments: [own('PALK')] })))['shipments[0].items[0].assortment.code']);
  });

  it('limits the comment to 400 characters and the transport order to 13', async () => {
    const errors = await errorsOf(startRequest({ comment: 'x'.repeat(401), transportOrder: 'x'.repeat(14) }));
    assert.deepEqual(Object.keys(errors).sort(), ['comment', 'transportOrder']);
    assert.equal((await post(startRequest({ comment: 'x'.repeat(400), transportOrder: 'TL-2026-00042' }))).status, 200);
  });

  it('checks types, dates, numbers and addresses', async () => {
    const errors = await errorsOf(
      startRequest({
        departureTime: 'yesterday',
        preJourneyMileage: 12.5,
        mass: 'heavy',
        owner: { name: OWNER.name, code: OWNER.code, address: { ...ADDRESS, countryCode: 'EE' } },
      }),
    );
    assert.deepEqual(Object.keys(errors).sort(), ['departureTime', 'mass', 'owner.address.countryCode', 'preJourneyMileage']);
  });

  it('requires the place of delivery, when coded, to be a known one of the receiver', async () => {
    const place = (code: string) => ({ code, name: 'Tehas', address: ADDRESS });
    assert.equal((await post(startRequest({ placeOfDelivery: place('JSV-PAIDE') }))).status, 200);
    assert.ok((await errorsOf(startRequest({ placeOfDelivery: place('NOWHERE') })))['placeOfDelivery.code']);
    const otherReceiver = startRequest({ placeOfDelivery: place('JSV-PAIDE') });
    otherReceiver.receiver = { ...otherReceiver.receiver, code: OWNER.code, name: OWNER.name };
    assert.ok((await errorsOf(otherReceiver))['placeOfDelivery.code']);
  });

  it('answers a body that is not JSON, or not an object, with a ValidationResult', async () => {
    const response = await fetch(`${h.url}/api/waybills`, {
      method: 'POST',
      headers: { 'EVR-APIKEY': OWNER.apiKey, 'content-type': 'application/json' },
      body: '{"owner":',
    });
    assert.equal(response.status, 400);
    assert.ok(((await response.json()) as { errors: Record<string, unknown> }).errors.$);
    assert.ok((await errorsOf([1, 2])).$);
  });

  it('answers field errors in Estonian when asked', async () => {
    const answer = await post(startRequest({ comment: 'x'.repeat(401) }), 'et');
    assert.equal(answer.body.errors.comment[0], 'Lubatud on kuni 400 märki.');
  });

  it('has every text in both languages', () => {
    for (const [key, text] of Object.entries(messageTexts)) {
      assert.ok(text.en && text.et, key);
      const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      assert.deepEqual(placeholders(text.en), placeholders(text.et), key);
    }
  });
});
