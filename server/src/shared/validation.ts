import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { LIMITS } from '@timberlog/contract';

// ajv-formats ships CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const inYears = (v: string) => {
  const year = Number(v.slice(0, 4));
  return year >= LIMITS.yearMin && year <= LIMITS.yearMax;
};
/** A real calendar date (no 30 February) within the years the product handles. */
export const isDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && inYears(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
/** An ISO 8601 timestamp with a time zone, within the years the product handles. */
export const isDateTime = (v: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/i.test(v) && inYears(v) && isDate(v.slice(0, 10)) && !Number.isNaN(Date.parse(v));

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
