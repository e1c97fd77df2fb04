import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type TestServer } from './helpers.js';

/**
 * Every operation that takes a JSON body, fed bodies made from its own schema with one value
 * spoiled at a time (wrong types, bounds, control and direction characters, huge and nested
 * values), and bodies that are not objects at all: never a server error (a 503 is designed: the
 * database is busy). The record a path names is a real one, read first with its version, so the
 * spoiled value reaches the route's own rules rather than stopping at a 404 or a 428.
 */
describe('fuzz-bodies', () => {
  type Schema = {
    $ref?: string;
    type?: string | string[];
    properties?: Record<string, Schema>;
    items?: Schema;
    enum?: unknown[];
    anyOf?: Schema[];
    oneOf?: Schema[];
    examples?: unknown[];
    format?: string;
  };
  type Operation = { requestBody?: { content: Record<string, { schema: Schema }> } };
  const doc = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Schema> };
  };
  const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').at(-1)!]!) : schema);

  /** A plausible value of `schema`: its example, its first choice, or one of its type. */
  function sample(raw: Schema, depth = 0): unknown {
    const schema = resolve(raw);
    if (schema.examples?.length) return schema.examples[0];
    if (schema.enum?.length) return schema.enum[0];
    const variants = schema.anyOf ?? schema.oneOf;
    if (variants) return sample(variants.find((v) => resolve(v).type !== 'null') ?? variants[0]!, depth);
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    switch (type) {
      case 'object':
        return depth > 3 ? {} : Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
      case 'array':
        return schema.items && depth <= 3 ? [sample(schema.items, depth + 1)] : [];
      case 'integer':
        return 1;
      case 'number':
        return 1.5;
      case 'boolean':
        return true;
      default:
        return schema.format === 'date' ? '2026-11-20' : schema.format === 'email' ? 'someone@timberlog.ee' : 'x';
    }
  }

  const SPOILED: unknown[] = [
    null,
    '',
    ' ',
    -1,
    0,
    2 ** 53,
    1e308,
    -1e308,
    1.0000001,
    '1e999',
    true,
    [],
    {},
    'x'.repeat(100_001),
    '\u0000',
    'a\u202eb',
    '\u200d'.repeat(5000),
    '2026-02-30',
    '9999-12-31T23:59:59Z',
    '../../etc/passwd',
    "'; DROP TABLE waybills; --",
    { __proto__: { admin: true }, constructor: { prototype: { x: 1 } } },
    [[[[[[[[[[[]]]]]]]]]]],
    Array.from({ length: 5000 }, () => 'W-2026-000001'),
  ];
  const NOT_OBJECTS = ['[]', '"text"', 'null', '123', '{"a":', '{}'.padEnd(50_000, ' '), JSON.stringify({ a: { b: { c: { d: {} } } } })];

  /** A small deterministic choice, so that a failure is asked again the same way. */
  let seed = 7;
  const pick = <T>(items: readonly T[]): T => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return items[seed % items.length]!;
  };

  let s: TestServer;
  before(async () => {
    s = await startServer({}, { workers: false });
  });
  after(async () => {
    await s.close();
  });

  /** A real key for each path parameter: the first record of the collection the path is under. */
  async function realPath(template: string, token: string): Promise<string> {
    if (!template.includes('{')) return template;
    const collection = template.slice(0, template.indexOf('{'));
    const list = await s.req('GET', `${collection}?pageSize=1`, { token });
    const first = Array.isArray(list.body) ? list.body[0] : list.body?.results?.[0];
    return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(first?.[name] ?? first?.id ?? '1')));
  }

  test('spoiled bodies of every operation are answered without a server error', async () => {
    const staff = await s.staff();
    let calls = 0;
    const failures: string[] = [];
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const schema = op.requestBody?.content['application/json']?.schema;
        if (!schema) continue;
        // Sign-out and a password change would end the session the rest of the run needs.
        if (template === '/api/auth/logout') continue;
        const url = await realPath(template, staff);
        const base = sample(schema);
        const fields = base && typeof base === 'object' && !Array.isArray(base) ? Object.keys(base) : [];
        const bodies: string[] = [...NOT_OBJECTS];
        for (let i = 0; i < 18 && fields.length > 0; i++) {
          const field = pick(fields);
          if (/password/i.test(field) && template.startsWith('/api/user')) continue;
          bodies.push(JSON.stringify({ ...(base as object), [field]: pick(SPOILED) }));
        }
        bodies.push(JSON.stringify({ ...(base as object), unknownField: 'x' }));
        for (const raw of bodies) {
          // The record's version as read now: the spoiled value, not a stale or missing If-Match, is what is refused.
          const read = method === 'post' ? undefined : await s.req('GET', url, { token: staff });
          const etag = read?.headers.get('etag');
          const r = await s.req(method.toUpperCase(), url, { token: staff, raw, headers: etag ? { 'if-match': etag } : {} });
          calls++;
          if (r.status >= 500 && r.status !== 503)
            failures.push(`${method.toUpperCase()} ${url} ${raw.slice(0, 120)}: ${r.status} ${r.text.slice(0, 200)}`);
        }
      }
    }
    assert.deepEqual(failures, []);
    assert.ok(calls > 800, `${calls} calls`);
    console.log(`fuzz-bodies: ${calls} calls`);
  });
});
