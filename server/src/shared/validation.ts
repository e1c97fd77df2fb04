import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats ships CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, ...options });
  addFormats(ajv);
  ajv.addFormat('date-or-date-time', {
    type: 'string',
    validate: (v: string) => {
      if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/i.test(v) && !Number.isNaN(Date.parse(v));
    },
  });
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
