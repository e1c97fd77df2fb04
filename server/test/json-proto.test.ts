import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../src/infra/config.js';
import { startServer, snapshot, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('json-proto', () => {
  /** Smaller hardening: prototype poisoning refused by the JSON parser; TRUST_PROXY never `true`. */
  let s: TestServer;
  before(async () => {
    s = await startServer({}, { workers: false });
  });
  after(async () => {
    await s.close();
  });

  test('a body with __proto__ or constructor.prototype is a 400 and changes nothing', async () => {
    const token = await s.user();
    const before = await snapshot(s.ctx);
    for (const raw of [
      '{"name": "Tarmo Tamm", "__proto__": {"isStaff": true}}',
      '{"name": "Tarmo Tamm", "constructor": {"prototype": {"isStaff": true}}}',
      '{"name": "Tarmo Tamm", "nested": [{"__proto__" : {"x": 1}}]}',
    ]) {
      const r = await s.write('PATCH', '/api/user/me', { token, raw });
      assert.equal(r.status, 400, raw);
      assert.match(r.body.detail, /__proto__/);
    }
    assert.equal(await snapshot(s.ctx), before);
    // Ordinary text mentioning the words is fine.
    const ok = await s.write('PATCH', '/api/user/me', { token, raw: '{"name": "constructor __proto__"}' });
    assert.equal(ok.status, 200);
  });

  test('escaped forms of __proto__ and constructor.prototype are refused as well: a clean 400, nothing changed', async () => {
    const token = await s.user();
    const before = await snapshot(s.ctx);
    for (const raw of [
      '{"name": "Tarmo Tamm", "\\u005f_proto__": {"isStaff": true}}',
      '{"name": "Tarmo Tamm", "\\u005F\\u005Fproto\\u005F\\u005F": {"isStaff": true}}',
      '{"name": "Tarmo Tamm", "__pro\\u0074o__": {"isStaff": true}}',
      '{"name": "Tarmo Tamm", "\\u0063onstructor": {"prototype": {"isStaff": true}}}',
      '{"name": "Tarmo Tamm", "constructor": {"\\u0070rototype": {"isStaff": true}}}',
      '{"name": "Tarmo Tamm", "nested": {"deeper": [{"\\u005f_proto__": {"x": 1}}]}}',
    ]) {
      const r = await s.write('PATCH', '/api/user/me', { token, raw, headers: { 'accept-language': 'et' } });
      assert.equal(r.status, 400, raw);
      assert.match(r.body.detail, /__proto__/, raw);
      assert.match(r.body.detail, /^JSON-i parsimise viga/, 'translated');
    }
    assert.equal(await snapshot(s.ctx), before);
    assert.equal(({} as Record<string, unknown>).isStaff, undefined, 'no object gained the key');
  });

  test('TRUST_PROXY=true is refused; hop counts and addresses are taken', () => {
    const saved = process.env.TRUST_PROXY;
    try {
      process.env.TRUST_PROXY = 'true';
      assert.throws(() => loadConfig(), /hops/);
      process.env.TRUST_PROXY = '1';
      assert.equal(loadConfig().trustProxy, 1);
      process.env.TRUST_PROXY = '10.0.0.5, 10.0.0.6';
      assert.deepEqual(loadConfig().trustProxy, ['10.0.0.5', '10.0.0.6']);
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = saved;
    }
  });
});
