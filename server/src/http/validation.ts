import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { isValidDate, isValidDateTime } from '@timberlog/contract';
import { digest } from './schema-cache.js';

// ajv-formats ships CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

// The contract's checks, which the web app's URL codec and the mocks use too.
export const isDate = isValidDate;
export const isDateTime = isValidDateTime;

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, ...options });
  addFormats(ajv);
  // PostgreSQL rejects year 0 and beyond; such dates are bad input, not server errors.
  ajv.addFormat('date', { type: 'string', validate: isDate });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  ajv.addFormat('date-or-date-time', { type: 'string', validate: (v: string) => isDate(v) || isDateTime(v) });
  return ajv;
}

let ajvs: { body: Ajv; url: Ajv } | undefined;
type Validator = ReturnType<FastifySchemaCompiler<unknown>>;
/**
 * Compiled validators by the schema and the part they check, kept for the process: an app built
 * again in the same process (each server test suite starts one) reuses them (schema-cache.ts).
 */
const compiled = new Map<string, Validator>();

/**
 * Bodies are validated strictly (no type coercion: `"5"` is not a number); query strings and
 * path parameters are coerced from text, since that is all a URL can carry.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  ajvs ??= {
    body: makeAjv({ coerceTypes: false, useDefaults: true, removeAdditional: false }),
    url: makeAjv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false }),
  };
  const { body, url } = ajvs;
  return ({ schema, httpPart }) => {
    const part = httpPart === 'body' ? 'body' : 'url';
    const key = `${part}:${digest(schema)}`;
    let validator = compiled.get(key);
    if (!validator) {
      validator = (part === 'body' ? body : url).compile(schema as object) as Validator;
      compiled.set(key, validator);
    }
    return validator;
  };
}
