import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  allFilters,
  DECIMAL_MAX_LENGTH,
  INVOICE,
  isDateField,
  LIMITS,
  PRICE_PATTERN,
  QUANTITY_PATTERN,
  sortValues,
  splitsOnComma,
  type FilterDef,
  type ListContract,
} from '@timberlog/contract';
import type { ListQuery } from '../list/index.js';

export { Type };
export type { Static, TSchema };

/** A `$ref` to a schema registered with `app.addSchema`, typed as that schema. */
export const ref = <T extends TSchema>(schema: T) => Type.Unsafe<Static<T>>(Type.Ref(schema.$id!));
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** A person an answer names (the contract's personFor): the name, and the e-mail address for staff and for oneself. */
export const Person = (description?: string) =>
  Type.Object(
    {
      name: Type.String(),
      email: Type.Optional(Type.String({ description: "Shown to staff, and to the person themselves: other people's addresses are not." })),
    },
    description ? { description } : {},
  );
export const Str = (max: number = LIMITS.shortTextMaxLength, min = 0) => Type.String({ minLength: min, maxLength: max });
export const Timestamp = () => Type.String({ format: 'date-time' });
export const DateStr = () => Type.String({ format: 'date' });
/** A record's version: the database moves it with every change; writes send it back as If-Match (`"7"`) to write only over what was read. */
export const RecordVersion = () =>
  Type.Integer({
    minimum: 1,
    description:
      'Moved by the server with every change. Detail answers carry it as the ETag; every write to the record (PUT, PATCH, DELETE and its actions) must send it as If-Match (428 without), and is refused (412) when someone changed the record since.',
  });
export const Quantity = () => Type.String({ pattern: QUANTITY_PATTERN, maxLength: DECIMAL_MAX_LENGTH, examples: ['27.350'] });
export const Price = () => Type.String({ pattern: PRICE_PATTERN, maxLength: DECIMAL_MAX_LENGTH, examples: ['45.50'] });
/** A computed decimal in an answer (amounts, totals): a string, any size. */
export const Money = (description = `Decimal amount in ${INVOICE.currency}`) => Type.String({ description, examples: ['1234.50'] });
export const StrEnum = <T extends readonly string[]>(values: T, opts: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...opts });

/** Array query parameter: repeated (`a=1&a=2`); also comma-separated (`a=1,2`) when marked COMMA_SEPARATED. */
export const QArray = <T extends TSchema>(item: T, opts: Record<string, unknown> = {}) =>
  Type.Array(item, { maxItems: LIMITS.arrayParamMaxItems, ...opts });
/** Bound of a timestamp range filter: an ISO timestamp or a bare date (then the whole day counts). */
export const QTimestamp = (opts: Record<string, unknown> = {}) =>
  Type.String({ format: 'date-or-date-time', maxLength: LIMITS.timestampMaxLength, ...opts });

/**
 * Marks an array query parameter whose values may also come comma-separated (`a=1,2`): the
 * server splits only these (see buildApp's preValidation hook); any other value is taken whole.
 */
export const COMMA_SEPARATED = 'x-comma-separated';
const ARRAY_NOTE = 'Repeat the parameter (`a=1&a=2`) or separate values with commas (`a=1,2`).';
const REPEAT_NOTE = 'Repeat the parameter (`a=1&a=2`); each value is taken whole, commas included.';

/** What a filter does, in words generated from its kind, for the OpenAPI document. */
export function describeFilter(def: FilterDef): string {
  const f = `\`${def.field}\``;
  switch (def.kind) {
    case 'exact':
      return `Rows whose ${f} equals this value${def.caseInsensitive ? ' (case-insensitive)' : ''}.`;
    case 'multi':
      return `Rows whose ${f} is any of these values. ${splitsOnComma(def) ? ARRAY_NOTE : REPEAT_NOTE}`;
    case 'boolean':
      return `\`true\`: rows whose ${f} is true; \`false\`: rows whose ${f} is false.`;
    case 'after':
      return def.type === 'date'
        ? `Rows whose ${f} is on or after this date.`
        : `Rows whose ${f} is at or after this moment; a bare date (\`YYYY-MM-DD\`) counts from the start of that day (UTC).`;
    case 'before':
      return def.type === 'date'
        ? `Rows whose ${f} is on or before this date.`
        : `Rows whose ${f} is at or before this moment; a bare date (\`YYYY-MM-DD\`) counts to the end of that day (UTC).`;
    case 'day':
      return `Rows whose ${f} falls on this date (UTC).`;
    case 'min':
      return `Rows whose ${f} is at least this number.`;
    case 'max':
      return `Rows whose ${f} is at most this number.`;
    case 'present':
      return `\`true\`: rows that have a ${f}; \`false\`: rows without one.`;
    case 'caller':
      return `\`true\`: rows that belong to the signed-in user; \`false\`: rows that belong to others.`;
  }
}

function filterItem(list: ListContract, def: Extract<FilterDef, { kind: 'exact' | 'multi' }>): TSchema {
  if (def.values) return StrEnum(def.values);
  if (def.type === 'integer') return Type.Integer({ minimum: 0, maximum: LIMITS.idMax });
  if (def.type === 'boolean') return Type.Boolean();
  if (isDateField(list, def.field)) return DateStr();
  return Type.String({ maxLength: LIMITS.filterTextMaxLength });
}

function filterSchema(list: ListContract, def: FilterDef): TSchema {
  const description = describeFilter(def);
  switch (def.kind) {
    case 'exact':
      return { ...filterItem(list, def), description };
    case 'multi':
      return QArray(filterItem(list, def), { description, ...(splitsOnComma(def) ? { [COMMA_SEPARATED]: true } : {}) });
    case 'after':
    case 'before':
      return def.type === 'date' ? Type.String({ format: 'date', description }) : QTimestamp({ description });
    case 'day':
      return Type.String({ format: 'date', description });
    case 'min':
    case 'max':
      return Type.Integer({ minimum: 0, maximum: LIMITS.idMax, description });
    case 'boolean':
    case 'present':
    case 'caller':
      return Type.Boolean({ description });
  }
}

/**
 * The querystring schema of a list call, from its contract: search, sort (an enum of the sort
 * fields and their `-` forms), paging within LIMITS, then every filter by its kind.
 */
export function listQuery<L extends ListContract>(list: L, title: string) {
  const props: Record<string, TSchema> = {};
  if (list.search.length) {
    props.search = Type.Optional(
      Type.String({
        maxLength: LIMITS.searchMaxLength,
        description: `Case-insensitive part of ${list.search.map((f) => `\`${f}\``).join(', ')}.`,
      }),
    );
  }
  props.sort = Type.Optional(
    QArray(StrEnum(sortValues(list)), {
      maxItems: LIMITS.sortMaxFields,
      // Sort values are field names, which hold no comma.
      [COMMA_SEPARATED]: true,
      description:
        `Order of the rows: up to ${LIMITS.sortMaxFields} fields, the first deciding most; \`-\` before a field sorts descending. ${ARRAY_NOTE} ` +
        `Default: \`${list.defaultSort}\`. Rows that tie keep a stable order by \`${list.key}\`.`,
    }),
  );
  props.pageNumber = Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: LIMITS.pageNumberMax,
      description: 'Page to answer, from 1 (default 1); a page past the last one answers 404.',
    }),
  );
  props.pageSize = Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: LIMITS.pageSizeMax,
      description: `Rows per page (default ${LIMITS.pageSizeDefault}, at most ${LIMITS.pageSizeMax}).`,
    }),
  );
  for (const [name, def] of Object.entries(allFilters(list))) props[name] = Type.Optional(filterSchema(list, def));
  return Type.Unsafe<ListQuery<L>>(Type.Object(props, { title }));
}

export function page<T extends TSchema>(item: T, id: string) {
  return Type.Object(
    {
      count: Type.Integer(),
      next: Nullable(
        Type.String({
          description: "The next page's URL: absolute on the server's PUBLIC_URL when it is set, otherwise relative (`/api/...`).",
        }),
      ),
      previous: Nullable(Type.String({ description: "The previous page's URL, like `next`." })),
      results: Type.Array(item),
    },
    { $id: id, title: id },
  );
}

export const DetailError = Type.Object(
  {
    detail: Type.String(),
    code: Type.Optional(Type.String()),
    count: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          "With a list's 404 for a page past the last one: how many rows the list has now, so the caller can go to its last page at once.",
      }),
    ),
  },
  { $id: 'DetailError', title: 'DetailError' },
);
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

/**
 * The headers of a write to an existing versioned record: If-Match with the version read, which the
 * server requires (buildApp answers 428 before anything else without it). Give it with `conflict`.
 */
export const IfMatchHeaders = Type.Object({
  'if-match': Type.String({
    description:
      'The version of the record this change is made over, as its ETag gave it: a strong tag, `"7"`. Required: without it (or with `*`) the answer is 428 and nothing changes; a version the record has moved on from, or a weak tag (`W/"7"`, which never matches a write\'s strong comparison), is answered 412.',
    examples: ['"7"'],
  }),
});

/**
 * The answers of a write to an existing versioned record besides its own: 412 when If-Match names
 * an older version (who changed the record and when, and the record as it is now), 428 without one.
 */
export const conflict = (record: TSchema): Record<number, TSchema> => ({
  412: Type.Object(
    { detail: Type.String(), current: record },
    {
      title: 'VersionConflict',
      description:
        "The record changed since the version sent in If-Match (by more than EVR's answers, which do not conflict with a person's write); nothing was changed.",
    },
  ),
  428: Type.Object(
    { detail: Type.String() },
    { title: 'VersionRequired', description: 'No version in If-Match (or `*`): send the version read; nothing was changed.' },
  ),
});

/** Standard error responses for a route, to document them in OpenAPI. */
export function errors(...codes: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const c of codes) out[c] = c === 400 ? ref(FieldErrorsSchema) : ref(DetailError);
  return out;
}
