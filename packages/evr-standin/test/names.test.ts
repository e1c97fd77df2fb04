/**
 * The stand-in speaks pyevr's names exactly: the field tables of the vendored pyevr docs against
 * what it accepts (its request models) and what it answers (walked recursively, following each
 * table's links to the nested models).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { LIST_PARAMETERS } from '../src/app.ts';
import { DEMO_PLACES_OF_DELIVERY } from '../src/index.ts';
import { HOLDING_BASE_TYPES, MODELS, type ModelName } from '../src/validation.ts';
import { CARRIER, type Harness, MEASURER, OWNER, RECEIVER, harness, shipment, startRequest } from './helpers.ts';

const DOCS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'vendor', 'pyevr-docs');

interface DocField {
  name: string;
  required: boolean;
  /** The model a field's value (or each entry of it) is, when the table links one. */
  model?: string;
}

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function docFields(model: string): DocField[] {
  const text = fs.readFileSync(path.join(DOCS, `${model}.md`), 'utf8');
  const table = text.split('## Properties')[1]!.split('\n\n')[0]!;
  return [...table.matchAll(/^\*\*(\w+)\*\* \| (.*?) \| .*? \| (.*)$/gm)].map((m) => ({
    name: camel(m[1]!),
    required: !m[3]!.includes('[optional]'),
    model: /\]\((\w+)\.md\)/.exec(m[2]!)?.[1],
  }));
}

/** Every key of `value` is a field of `model`'s table, at every depth. */
function assertNamed(value: unknown, model: string, where: string): void {
  if (Array.isArray(value)) return value.forEach((entry, i) => assertNamed(entry, model, `${where}[${i}]`));
  if (!value || typeof value !== 'object') return;
  const actual = model === 'HoldingBase' ? String((value as { type: string }).type) : model;
  const fields = docFields(actual);
  const known = new Map(fields.map((f) => [f.name, f]));
  for (const [key, entry] of Object.entries(value)) {
    if (actual !== model && key === 'type') continue; // the discriminator, named by HoldingBase's table
    const field = known.get(key);
    assert.ok(field, `${where}.${key} is not a field of pyevr's ${actual}`);
    if (field.model && entry !== null && key !== 'userCustomData' && key !== 'customMeasurementData') {
      assertNamed(entry, field.model, `${where}.${key}`);
    }
  }
}

describe("the vendored pyevr docs' names", () => {
  it('are exactly the fields each request model accepts, required where pyevr requires them', () => {
    for (const [model, spec] of Object.entries(MODELS) as [ModelName, Record<string, { required?: boolean }>][]) {
      const fields = docFields(model);
      const holdingBase = (HOLDING_BASE_TYPES as readonly string[]).includes(model);
      // A holding base's table leaves out the `type` its pyevr model carries (HoldingBase names it).
      const expected = [...fields.map((f) => f.name), ...(holdingBase ? ['type'] : [])].sort();
      assert.deepEqual(Object.keys(spec).sort(), expected, model);
      for (const field of fields) {
        // pyevr marks AddWaybillNoteRequest.message optional; EVR has no use for an empty note, so it is required here.
        if (model === 'AddWaybillNoteRequest') continue;
        assert.equal(Boolean(spec[field.name]!.required), field.required, `${model}.${field.name}`);
      }
    }
  });

  it('are the query parameters of the list call', () => {
    const text = fs.readFileSync(path.join(DOCS, 'WaybillsApi.md'), 'utf8');
    const section = text.split('# **waybills_list**')[1]!.split('### Return type')[0]!;
    const documented = [...section.matchAll(/^ \*\*(\w+)\*\* \|/gm)].map((m) => m[1]!).filter((name) => name !== 'evr_language');
    assert.deepEqual([...LIST_PARAMETERS].sort(), documented.sort());
  });

  describe('in answers', () => {
    let h: Harness;
    let number: string;
    before(async () => {
      h = await harness({ placesOfDelivery: [...DEMO_PLACES_OF_DELIVERY] });
      // Every optional field filled in, so every name appears in the answer.
      const contactPerson = { name: 'Jüri Juurikas', phone: '+372 5555 1234', email: 'jyri@example.ee' };
      const address = { countryCode: 'EST', county: 'Järva maakond', city: 'Paide', street: 'Tööstuse 12' };
      const full = startRequest({
        comment: 'Täis näidis',
        preJourneyMileage: 12,
        userCustomData: { ref: 1 },
        mass: 58.2,
        transportOrder: 'TO-1',
        placeOfDelivery: {
          code: 'JSV-PAIDE',
          name: 'Paide tehas',
          coordinates: { x: 6532010, y: 580470, epsg: 3301 },
          address,
          contactPerson,
          nearAddress: 'Paide',
          userCustomData: { gate: 2 },
        },
        shipments: [
          {
            ...shipment({
              type: 'SalesContract',
              contractNumber: 'MK-1',
              contractDate: '2026-10-01T00:00:00Z',
              cadaster: '78401:001:0123',
              compartment: 'KV12',
              forestAllocationNumber: '4',
              previousOwner: { name: 'Jaan Tamm', code: '37605030299', address: 'Kuusiku küla' },
            }),
            userCustomData: { lot: 'A' },
            supplyContractNumber: 'TL-55',
            items: [
              {
                amount: 12,
                unitCode: 'tm',
                assortment: { code: 'KU-PALK', name: 'Kuuse palk', productGroup: 'PALK' },
                pack: { packNumber: 1, length: 5.1, height: 2.2, width: 2.4, coefficient: 0.62, location: 'van' },
              },
            ],
          },
        ],
      });
      full.owner = {
        ...full.owner,
        email: 'info@timberlog.example',
        contactPerson,
        representer: {
          name: 'Mari Maasikas',
          code: '49403136526',
          address,
          rightOfRepresentation: 'volikiri',
          email: 'm@example.ee',
          phone: '+372 5000 0000',
        },
      } as typeof full.owner;
      full.transport = {
        ...full.transport,
        driverPhone: '+372 5111 2222',
        transporter: { ...full.transport.transporter, contactPerson },
      } as typeof full.transport;
      full.receiver = { ...full.receiver, contactPerson } as typeof full.receiver;
      number = await h.start(OWNER, full);
      await h.as(RECEIVER).post(`/api/waybills/${number}/note`, { message: 'Vastu võetud' });
      await h.as(CARRIER).post(`/api/waybills/${number}/unload`, { totalJourneyMileage: 90, comment: 'Maas' });
      const act = {
        actNumber: 'A-1',
        actDate: '2026-11-20T10:00:00Z',
        measurements: [{ amount: 11.8, unitCode: 'tm', assortment: { code: 'KU-PALK', name: 'Kuuse palk', productGroup: 'PALK' } }],
        customMeasurementData: { method: 'photo' },
        total: { amount: 11.8, unit: 'tm' },
      };
      const measured = await h.as(MEASURER).post(`/api/waybills/${number}/measurements`, act);
      assert.equal(measured.status, 200, JSON.stringify(measured.body));
    });
    after(() => h.close());

    it('a Waybill carries every field of pyevr’s table and no other', async () => {
      const waybill = (await h.as(OWNER).get(`/api/waybills/${number}?include_latest_measurements=true`)).body;
      assert.deepEqual(
        Object.keys(waybill).sort(),
        docFields('Waybill')
          .map((f) => f.name)
          .sort(),
      );
      assertNamed(waybill, 'Waybill', 'Waybill');
      assert.deepEqual(
        Object.keys(waybill.waybillLatestMeasurements).sort(),
        docFields('MeasurementAct')
          .map((f) => f.name)
          .sort(),
      );
    });

    it('the list answers are PagedResultOfWaybill and PagedResultOfMeasurementAct', async () => {
      const list = (await h.as(OWNER).get('/api/waybills?include_latest_measurements=true')).body;
      assert.deepEqual(
        Object.keys(list).sort(),
        docFields('PagedResultOfWaybill')
          .map((f) => f.name)
          .sort(),
      );
      assertNamed(list, 'PagedResultOfWaybill', 'PagedResultOfWaybill');
      const acts = (await h.as(OWNER).get(`/api/waybills/${number}/measurements`)).body;
      assert.equal(acts.totalCount, 1);
      assertNamed(acts, 'PagedResultOfMeasurementAct', 'PagedResultOfMeasurementAct');
    });

    it('reference lists and errors use pyevr’s names', async () => {
      for (const [url, model] of [
        ['/api/assortments', 'PagedResultOfAssortment'],
        ['/api/measurementunits', 'PagedResultOfMeasurementUnit'],
        ['/api/certificates', 'PagedResultOfCertificate'],
        ['/api/organizations', 'PagedResultOfOrganization'],
        ['/api/placeofdeliveries', 'PagedResultOfPlaceOfDelivery'],
      ] as const) {
        const answer = (await h.as(RECEIVER).get(url)).body;
        assert.ok(answer.pageResult.length > 0, url);
        assertNamed(answer, model, url);
      }
      assertNamed((await h.as(RECEIVER).get('/api/me')).body, 'Organization', '/api/me');
      assertNamed((await h.as(RECEIVER).get('/api/placeofdeliveries/JSV-PAIDE')).body, 'PlaceOfDelivery', 'place');
      const problem = (await h.as('nobody').get('/api/waybills')).body;
      assertNamed(problem, 'ProblemDetails', 'ProblemDetails');
      const invalid = (await h.as(OWNER).post('/api/waybills', {})).body;
      assert.ok(invalid.errors, 'ValidationResult.errors');
      const { errors: _errors, ...rest } = invalid;
      assertNamed(rest, 'ProblemDetails', 'ValidationResult');
    });

    it('every call the docs list exists under its path', async () => {
      let calls = 0;
      for (const file of ['WaybillsApi.md', 'MeasurementsApi.md']) {
        const text = fs.readFileSync(path.join(DOCS, file), 'utf8');
        for (const [, method, route] of text.matchAll(/\| \*\*(GET|POST)\*\* (\/api\/\S+) \|/g)) {
          const url = h.url + route!.replace('{number}', number);
          const answer = await fetch(url, { method, headers: { 'EVR-APIKEY': OUTSIDER_KEY } });
          const body = (await answer.json()) as { detail?: string };
          // An outsider gets 404 for the waybill, never "No such resource" for the route.
          assert.notEqual(body.detail, 'Sellist ressurssi ei ole.', `${method} ${route}`);
          calls++;
        }
      }
      assert.equal(calls, 10);
    });
  });
});

const OUTSIDER_KEY = 'key-outsider';
