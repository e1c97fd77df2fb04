import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { cachedSerializers } from '../src/http/schema-cache.js';
import { createValidatorCompiler } from '../src/http/validation.js';

// Its own scope (test/run.ts): no server, only the compilers that apps in one process share.
describe('schema-cache', () => {
  const route = (schema: unknown) => ({ method: 'GET', url: '/x/', httpStatus: '200', schema });
  const answer = { type: 'object', properties: { name: { type: 'string' }, count: { type: 'integer' } } };

  test('an app built again compiles nothing again: the same schemas give the same serializer and validator', () => {
    const a = cachedSerializers()({ shared: { $id: 'shared', type: 'string' } }, {})(route(answer));
    const b = cachedSerializers()({ shared: { $id: 'shared', type: 'string' } }, {})(route(structuredClone(answer)));
    assert.equal(a, b);
    assert.equal(a({ name: 'Tamm', count: 2, other: 1 }), '{"name":"Tamm","count":2}');
    const body = { type: 'object', properties: { n: { type: 'integer' } } };
    const v1 = createValidatorCompiler()({ schema: body, httpPart: 'body', method: 'POST', url: '/x/' });
    const v2 = createValidatorCompiler()({ schema: structuredClone(body), httpPart: 'body', method: 'POST', url: '/x/' });
    assert.equal(v1, v2);
  });

  test('a different schema, other shared schemas or another part get their own', () => {
    const factory = cachedSerializers();
    const one = factory({ shared: { $id: 'shared', type: 'string' } }, {})(route(answer));
    const other = factory({ shared: { $id: 'shared', type: 'number' } }, {})(route(answer));
    assert.notEqual(one, other);
    const narrower = factory(
      { shared: { $id: 'shared', type: 'string' } },
      {},
    )(route({ type: 'object', properties: { name: { type: 'string' } } }));
    assert.equal(narrower({ name: 'Tamm', count: 2 }), '{"name":"Tamm"}');
    // A query string is coerced from text, a body is not: the same schema, two validators.
    const schema = { type: 'object', properties: { n: { type: 'integer' } } };
    const compile = createValidatorCompiler();
    const query = compile({ schema, httpPart: 'querystring', method: 'GET', url: '/x/' }) as (data: unknown) => boolean;
    const body = compile({ schema, httpPart: 'body', method: 'POST', url: '/x/' }) as (data: unknown) => boolean;
    assert.equal(query({ n: '5' }), true);
    assert.equal(body({ n: '5' }), false);
  });
});
