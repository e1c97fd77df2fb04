import { Type, type Static, type TSchema, type TProperties } from '@sinclair/typebox';
import { LIMITS, PRICE_PATTERN, QUANTITY_PATTERN } from '@timberlog/contract';
import { registerDecimalPattern } from './errors.js';

registerDecimalPattern(QUANTITY_PATTERN, LIMITS.quantityMaxDecimals);
registerDecimalPattern(PRICE_PATTERN, LIMITS.priceMaxDecimals);

export { Type };
export type { Static, TSchema };

/** A `$ref` to a schema registered with `app.addSchema`, typed as that schema. */
export const ref = <T extends TSchema>(schema: T) => Type.Unsafe<Static<T>>(Type.Ref(schema.$id!));
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const Str = (max: number = LIMITS.shortTextMaxLength, min = 0) => Type.String({ minLength: min, maxLength: max });
export const Timestamp = () => Type.String({ format: 'date-time' });
export const DateStr = () => Type.String({ format: 'date' });
export const Quantity = () => Type.String({ pattern: QUANTITY_PATTERN, maxLength: 14, examples: ['27.350'] });
export const Price = () => Type.String({ pattern: PRICE_PATTERN, maxLength: 14, examples: ['45.50'] });
/** A computed decimal in an answer (amounts, totals): a string, any size. */
export const Money = (description = 'Decimal amount in EUR') => Type.String({ description, examples: ['1234.50'] });
export const StrEnum = <T extends readonly string[]>(values: T, opts: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...opts });

/** Array query parameter: repeated (`a=1&a=2`) or comma-separated (`a=1,2`). */
export const QArray = <T extends TSchema>(item: T) => Type.Array(item, { maxItems: 500 });
/** Bound of a timestamp range filter: an ISO timestamp or a bare date (then the whole day counts). */
export const QTimestamp = () => Type.String({ format: 'date-or-date-time', maxLength: 40 });
export const QBool = () => Type.Boolean();

export const SharedListQuery = {
  createdAfter: Type.Optional(QTimestamp()),
  createdBefore: Type.Optional(QTimestamp()),
  lastModifiedAfter: Type.Optional(QTimestamp()),
  lastModifiedBefore: Type.Optional(QTimestamp()),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  sort: Type.Optional(Type.String({ maxLength: 300 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax })),
};

export function listQuery<P extends TProperties>(own: P, title: string) {
  return Type.Object({ ...SharedListQuery, ...own }, { title });
}

export function page<T extends TSchema>(item: T, id: string) {
  return Type.Object(
    {
      count: Type.Integer(),
      next: Nullable(Type.String()),
      previous: Nullable(Type.String()),
      results: Type.Array(item),
    },
    { $id: id, title: id },
  );
}

export const DetailError = Type.Object({ detail: Type.String(), code: Type.Optional(Type.String()) }, { $id: 'DetailError', title: 'DetailError' });
export const FieldErrorsSchema = Type.Object(
  {
    nonFieldErrors: Type.Optional(Type.Array(Type.String())),
    detail: Type.Optional(Type.String({ description: 'Set instead of field errors when the request body is not valid JSON.' })),
  },
  {
    $id: 'FieldErrors',
    title: 'FieldErrors',
    description: 'Validation errors: each key names a field of the request, each value lists its messages.',
    additionalProperties: Type.Array(Type.String()),
  },
);
export const StatusOk = Type.Object({ status: Type.Literal('OK') }, { $id: 'StatusOk', title: 'StatusOk' });

/** Standard error responses for a route, to document them in OpenAPI. */
export function errors(...codes: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const c of codes) out[c] = c === 400 ? ref(FieldErrorsSchema) : ref(DetailError);
  return out;
}
