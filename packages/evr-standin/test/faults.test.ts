import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { createEvrStandin } from '../src/index.ts';
import { CARRIER, type Harness, ORGANISATIONS, OWNER, harness, startRequest } from './helpers.ts';

describe('fault injection on the control path', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  it('drops the connection after the write: the client gets no answer, yet the waybill is stored', async () => {
    const rule = await h.control('POST', '/faults', { kind: 'drop', method: 'POST', path: '/api/waybills' });
    assert.equal(rule.status, 201);
    const request = startRequest({ transportOrder: 'TL-LOST-0001' });
    await assert.rejects(h.as(OWNER).post('/api/waybills', request), (error: Error & { cause?: { code?: string } }) => {
      assert.equal(error.name, 'TypeError');
      return true;
    });
    const found = (await h.as(OWNER).get('/api/waybills?text=TL-LOST-0001')).body;
    assert.equal(found.totalCount, 1);
    const waybill = (await h.as(OWNER).get(`/api/waybills/${found.pageResult[0].number}`)).body;
    assert.equal(waybill.transportOrder, 'TL-LOST-0001');
    // Used once: the next start answers again.
    assert.equal((await h.as(OWNER).post('/api/waybills', request)).status, 200);
  });

  it('drops the answer of a transition after it has been made', async () => {
    const number = await h.start();
    await h.control('POST', '/faults', { kind: 'drop', path: '/api/waybills/*/unload' });
    await assert.rejects(h.as(CARRIER).post(`/api/waybills/${number}/unload`, { totalJourneyMileage: 12 }));
    assert.equal((await h.as(OWNER).get(`/api/waybills/${number}`)).body.status, 'unloaded');
  });

  it('answers 5xx for the next N matching requests without doing the work', async () => {
    await h.control('POST', '/faults', { kind: 'error', status: 502, times: 2, method: 'POST', path: '/api/waybills' });
    const before = (await h.as(OWNER).get('/api/waybills')).body.totalCount;
    assert.equal((await h.as(OWNER).post('/api/waybills', startRequest())).status, 502);
    assert.equal((await h.as(OWNER).get('/api/waybills')).status, 200, 'another path is not affected');
    assert.equal((await h.as(OWNER).post('/api/waybills', startRequest())).status, 502);
    assert.equal((await h.as(OWNER).get('/api/waybills')).body.totalCount, before);
    assert.equal((await h.as(OWNER).post('/api/waybills', startRequest())).status, 200);
  });

  it('answers given field errors with the status asked for', async () => {
    const errors = { 'shipments[0].holdingBase.cadaster': ['Katastritunnus ei kuulu omanikule.'] };
    await h.control('POST', '/faults', { kind: 'validation', status: 422, errors });
    const answer = await h.as(OWNER).post('/api/waybills', startRequest());
    assert.equal(answer.status, 422);
    assert.deepEqual(answer.body.errors, errors);
  });

  it('delays answers', async () => {
    await h.control('POST', '/faults', { kind: 'delay', delayMs: 300, path: '/api/assortments' });
    const started = Date.now();
    assert.equal((await h.as(OWNER).get('/api/assortments')).status, 200);
    assert.ok(Date.now() - started >= 290);
    const again = Date.now();
    await h.as(OWNER).get('/api/assortments');
    assert.ok(Date.now() - again < 290);
  });

  it('lists, clears and resets', async () => {
    await h.control('POST', '/faults', { kind: 'error', times: 5 });
    assert.equal((await h.control('GET', '/faults')).body.length, 1);
    assert.equal((await h.control('DELETE', '/faults')).status, 204);
    assert.deepEqual((await h.control('GET', '/faults')).body, []);
    await h.control('POST', '/faults', { kind: 'error' });
    assert.equal((await h.control('POST', '/reset')).status, 204);
    assert.equal((await h.as(OWNER).get('/api/waybills')).body.totalCount, 0, 'reset empties the register');
    assert.equal((await h.control('POST', '/faults', { kind: 'explode' })).status, 400);
  });

  it('is not reachable with an EVR API key', async () => {
    const answer = await fetch(`${h.url}/__control/faults`, { headers: { 'EVR-APIKEY': OWNER.apiKey } });
    assert.equal(answer.status, 403);
  });

  it('does not exist unless enabled', async () => {
    const plain = createEvrStandin({ organisations: ORGANISATIONS });
    const url = await plain.listen();
    try {
      assert.equal((await fetch(`${url}/__control/faults`, { method: 'POST', body: '{}' })).status, 404);
      assert.equal((await fetch(`${url}/__control/reset`, { method: 'POST' })).status, 404);
    } finally {
      await plain.close();
    }
  });
});

describe('storage and logging', () => {
  it('keeps the register in its data file across restarts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evr-standin-'));
    const dataFile = path.join(dir, 'register.json');
    try {
      const first = createEvrStandin({ organisations: ORGANISATIONS, dataFile });
      const url = await first.listen();
      const headers = { 'EVR-APIKEY': OWNER.apiKey, 'content-type': 'application/json' };
      const number = (await (
        await fetch(`${url}/api/waybills`, { method: 'POST', headers, body: JSON.stringify(startRequest()) })
      ).json()) as string;
      await fetch(`${url}/api/waybills/${number}/note`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ message: 'Enne taaskäivitust' }),
      });
      await first.close();

      const second = createEvrStandin({ organisations: ORGANISATIONS, dataFile });
      const url2 = await second.listen();
      try {
        const waybill = (await (await fetch(`${url2}/api/waybills/${number}`, { headers })).json()) as { notes: { message: string }[] };
        assert.equal(waybill.notes[0]!.message, 'Enne taaskäivitust');
        const next = await (await fetch(`${url2}/api/waybills`, { method: 'POST', headers, body: JSON.stringify(startRequest()) })).json();
        assert.notEqual(next, number, 'numbering goes on');
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never logs an API key', async () => {
    let logged = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    const standin = createEvrStandin({ organisations: ORGANISATIONS, logger: { level: 'info', stream } });
    const url = await standin.listen();
    try {
      await fetch(`${url}/api/waybills`, { headers: { 'EVR-APIKEY': OWNER.apiKey, 'EVR-LANGUAGE': 'et' } });
      await fetch(`${url}/api/waybills`, { headers: { 'EVR-APIKEY': 'a-wrong-secret-key' } });
    } finally {
      await standin.close();
    }
    assert.match(logged, /"evr-language":"et"/, 'headers are logged');
    assert.match(logged, /\[redacted\]/);
    assert.ok(!logged.includes(OWNER.apiKey));
    assert.ok(!logged.includes('a-wrong-secret-key'));
  });
});
