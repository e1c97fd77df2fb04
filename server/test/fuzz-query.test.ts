import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('fuzz-query', () => {
  /** Every query parameter of every GET in the OpenAPI document, fed junk: never a 500. */
  const doc = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  const JUNK = [
    '',
    'x',
    '-1',
    '0',
    '1e99',
    '99999999999999999999',
    'true',
    'null',
    '[]',
    '{}',
    ',,,',
    'a,b',
    "'; DROP TABLE waybills; --",
    '%',
    '_',
    '\\',
    'ä'.repeat(300),
    '2026-02-30',
    '2026-11-22T25:00:00Z',
    '-number,,number',
  ];

  let s: TestServer;
  before(async () => {
    s = await startServer({}, { workers: false });
  });
  after(async () => {
    await s.close();
  });

  test('junk in any query parameter of any list is answered without a server error', async () => {
    const token = await s.staff();
    let calls = 0;
    for (const [p, methods] of Object.entries(doc.paths)) {
      const op = methods.get;
      if (!op || p.includes('{')) continue;
      for (const param of (op.parameters ?? []).filter((x) => x.in === 'query')) {
        for (const junk of JUNK) {
          const r = await s.req('GET', `${p}?${param.name}=${encodeURIComponent(junk)}`, { token });
          calls++;
          assert.ok(r.status < 500, `GET ${p}?${param.name}=${junk}: ${r.status} ${r.text.slice(0, 200)}`);
          if (r.status === 400)
            assert.ok(r.body[param.name] || r.body.nonFieldErrors, `${p} ${param.name}=${junk}: ${r.text.slice(0, 200)}`);
        }
      }
    }
    assert.ok(calls > 500, `${calls} calls`);
  });

  test('junk in any path parameter is answered without a server error', async () => {
    const token = await s.staff();
    for (const [p, methods] of Object.entries(doc.paths)) {
      if (!p.includes('{')) continue;
      for (const method of Object.keys(methods)) {
        for (const junk of ['x', '-1', '0', '99999999999999999999', 'ä'.repeat(300), "'; --", '%', '..', 'a b']) {
          const url = p.replace(/\{[^}]+\}/g, encodeURIComponent(junk));
          // A version, so that a write reaches the lookup of the junk key rather than stopping at its 428.
          const r = await s.req(method.toUpperCase(), url, {
            token,
            body: method === 'get' || method === 'delete' ? undefined : {},
            headers: method === 'get' ? {} : { 'if-match': '"1"' },
          });
          assert.ok(r.status < 500, `${method} ${url}: ${r.status} ${r.text.slice(0, 200)}`);
        }
      }
    }
  });
});
