import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { isValidDate, isValidDateTime } from '@timberlog/contract';

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

/**
 * Bodies are validated strictly (no type coercion: `"5"` is not a number); query strings and
 * path parameters are coerced from text, since that is all a URL can carry.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const body = makeAjv({ coerceTypes: false, useDefaults: true, removeAdditional: false });
  const url = makeAjv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false });
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? body : url;
    return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
  };
}
