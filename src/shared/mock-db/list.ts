import { HttpResponse } from 'msw';
import {
  DATE_PATTERN,
  evrStateOf,
  measuredOff,
  LIMITS,
  allFilters,
  foldCase,
  isValidDate,
  filterValueProblems,
  integerProblem,
  orderParts,
  lastPageOf,
  parseSort,
  sortValues,
  splitsOnComma,
  type FilterDef,
  type ValueProblem,
  type ListContract,
} from '@timberlog/contract';

import { message, type MessageKey, type Params } from './messages';

type Value = string | number | boolean | null | undefined;
type Row = object;
type Errors = Record<string, string[]>;

const field = (row: Row, name: string): Value =>
  // A waybill's EVR state is derived, as the server's filter derives it (the contract's evrStateOf).
  name === 'evrState'
    ? evrStateOf(row)
    : name === 'evrMeasuredOff'
      ? measuredOff(row as Parameters<typeof measuredOff>[0])
      : (row as Record<string, Value>)[name];

/** The server's error shapes. */
export const notFound = (request: Request) => HttpResponse.json({ detail: message(request, 'notFound') }, { status: 404 });
export const fieldErrors = (errors: Readonly<Record<string, readonly string[]>>) => HttpResponse.json(errors, { status: 400 });
export const nonFieldError = (text: string) => HttpResponse.json({ nonFieldErrors: [text] }, { status: 400 });

const DATE = new RegExp(DATE_PATTERN);
/** A real calendar date within the years the product handles: the contract's check, as the server's. */
export const isDate = isValidDate;

/** A decimal as a numeric column of that scale stores and answers it: `31.2` → `31.200`; anything else as it came. */
export function decimalText(value: string, decimals: number): string {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value);
  if (!match || (match[2] ?? '').length > decimals) return value;
  return `${match[1]}.${(match[2] ?? '').padEnd(decimals, '0')}`;
}

/** Fields holding decimal strings: the server sorts them as numbers. */
const DECIMAL_FIELDS = new Set(['quantity', 'unitPrice', 'netTotal', 'vatTotal', 'grossTotal']);

type Parsed = { ok: true; value: string | number | boolean } | { ok: false; problems: readonly ValueProblem[] };

/** One query value checked as the server's querystring schema checks it (the contract's rule), then read as its type. */
function parseItem(list: ListContract, def: FilterDef, raw: string): Parsed {
  const problems = filterValueProblems(list, def, raw);
  if (problems.length > 0) return { ok: false, problems };
  const kind = def.kind;
  if (kind === 'min' || kind === 'max' || ((kind === 'exact' || kind === 'multi') && !def.values && def.type === 'integer'))
    return { ok: true, value: Number(raw) };
  if (
    kind === 'boolean' ||
    kind === 'present' ||
    kind === 'caller' ||
    ((kind === 'exact' || kind === 'multi') && !def.values && def.type === 'boolean')
  )
    return { ok: true, value: raw === 'true' };
  return { ok: true, value: raw };
}

/**
 * Repeated values (`a=1&a=2`), also comma-separated (`a=1,2`) where the contract marks the filter
 * so; any other value taken whole; empty ones dropped, as the server does.
 */
const arrayParam = (params: URLSearchParams, name: string, def: FilterDef) =>
  params
    .getAll(name)
    .flatMap((value) => (splitsOnComma(def) ? value.split(',') : [value]))
    .filter((value) => value !== '');

const startOfDay = (date: string) => Date.parse(`${date}T00:00:00Z`);
const instant = (value: string) => (DATE.test(value) ? startOfDay(value) : Date.parse(value));

/** Whether a row passes one filter with its (checked) value. */
function passes(def: FilterDef, row: Row, value: unknown, caller: string | undefined): boolean {
  const actual = def.kind === 'caller' ? undefined : field(row, def.field);
  switch (def.kind) {
    case 'exact':
      return def.caseInsensitive ? String(actual).toLowerCase() === String(value).trim().toLowerCase() : actual === value;
    case 'multi':
      // A list field (a waybill's certificate claims) matches when any of its items, by code, is among the values.
      return Array.isArray(actual)
        ? actual.some((item) => (value as unknown[]).includes((item as { code?: unknown }).code ?? item))
        : (value as unknown[]).includes(actual);
    case 'boolean':
      return actual === value;
    case 'present':
      return (actual !== null && actual !== undefined) === value;
    case 'caller':
      return (field(row, 'requestedBy') === caller) === value;
    case 'min':
      return typeof actual === 'number' && actual >= (value as number);
    case 'max':
      return typeof actual === 'number' && actual <= (value as number);
    case 'day':
      return typeof actual === 'string' && actual.slice(0, 10) === value;
    case 'after':
    case 'before': {
      if (typeof actual !== 'string') return false;
      const bound = String(value);
      if (def.type === 'date') return def.kind === 'after' ? actual >= bound : actual <= bound;
      const at = Date.parse(actual);
      if (def.kind === 'after') return at >= instant(bound);
      // A bare date counts to the end of that day.
      return DATE.test(bound) ? at < startOfDay(bound) + 86_400_000 : at <= Date.parse(bound);
    }
  }
}

/**
 * Compares two values as PostgreSQL orders them on the server: numbers and decimals by value,
 * text by code point (the database's C collation), false before true, NULL after everything.
 */
function compareValues(name: string, left: Value, right: Value): number {
  const leftNull = left === null || left === undefined;
  const rightNull = right === null || right === undefined;
  if (leftNull || rightNull) return leftNull === rightNull ? 0 : leftNull ? 1 : -1;
  if (DECIMAL_FIELDS.has(name)) return Number(left) - Number(right);
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (typeof left === 'boolean' && typeof right === 'boolean') return Number(left) - Number(right);
  const a = String(left);
  const b = String(right);
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface ListOptions {
  /** The signed-in user, for `caller` filters. */
  caller?: string;
  /** A record field the answer nests (an incoming waybill's `ownerName` is its `owner.name`), for search, filters and sort. */
  fieldOf?: (row: Row, name: string) => string | number | boolean | null | undefined;
  /** The fields a page's rows leave out, which only a record's own answer carries (WAYBILL_DETAIL_FIELDS). */
  omit?: readonly string[];
}

/**
 * Answers a list call from its contract, as the server does: every filter by its kind (repeated
 * or comma-separated arrays, enums, integers, booleans, dates), `search` over the contract's
 * fields, `sort` by its fields (several, either way, ties broken by the key), paging within the
 * server's bounds; `{count, next, previous, results}`; the server's 400 and 404 answers.
 */
export function listResponse<T extends Row>(
  request: Request,
  list: ListContract,
  items: readonly T[],
  options: ListOptions = {},
): Response {
  const url = new URL(request.url);
  const params = url.searchParams;
  const errors: Errors = {};
  const seen = new Set<string>();
  // One message per field and kind of problem, as the server reports its schema's errors.
  const fail = (name: string, key: MessageKey, messageParams?: Params) => {
    if (seen.has(`${name} ${key}`)) return;
    seen.add(`${name} ${key}`);
    (errors[name] ??= []).push(message(request, key, messageParams));
  };

  const checks: { def: FilterDef; value: unknown }[] = [];
  for (const [name, def] of Object.entries(allFilters(list))) {
    if (!params.has(name)) continue;
    if (def.kind === 'multi') {
      const raw = arrayParam(params, name, def);
      if (raw.length > LIMITS.arrayParamMaxItems) fail(name, 'field.maxItems', { limit: LIMITS.arrayParamMaxItems });
      const values = raw.map((item) => parseItem(list, def, item));
      for (const parsed of values) if (!parsed.ok) for (const problem of parsed.problems) fail(name, problem.key, problem.params);
      if (values.length > 0) checks.push({ def, value: values.map((parsed) => (parsed.ok ? parsed.value : undefined)) });
      continue;
    }
    const parsed = parseItem(list, def, params.get(name) ?? '');
    if (parsed.ok) checks.push({ def, value: parsed.value });
    else for (const problem of parsed.problems) fail(name, problem.key, problem.params);
  }

  const search = params.get('search');
  if (list.search.length > 0 && search !== null && search.length > LIMITS.searchMaxLength) {
    fail('search', 'field.maxLength', { limit: LIMITS.searchMaxLength });
  }
  const sortGiven = params.has('sort') ? params.getAll('sort').flatMap(parseSort) : [];
  const allowed: readonly string[] = sortValues(list);
  if (sortGiven.length > LIMITS.sortMaxFields) fail('sort', 'field.maxItems', { limit: LIMITS.sortMaxFields });
  for (const part of sortGiven) {
    // The server names the field without its `-` and lists each field once.
    if (!allowed.includes(part))
      fail('sort', 'field.unknownSort', { value: part.replace(/^-/, '').slice(0, 50), choices: list.sort.join(', ') });
  }
  const paging = (name: string, fallback: number, max: number) => {
    const raw = params.get(name);
    if (raw === null) return fallback;
    const problem = integerProblem(raw, 1, max);
    if (problem) fail(name, problem.key, problem.params);
    return problem ? fallback : Number(raw);
  };
  const pageNumber = paging('pageNumber', 1, LIMITS.pageNumberMax);
  const pageSize = paging('pageSize', LIMITS.pageSizeDefault, LIMITS.pageSizeMax);
  if (Object.keys(errors).length > 0) return fieldErrors(errors);

  const value = (row: Row, name: string): Value => options.fieldOf?.(row, name) ?? field(row, name);
  const needle = list.search.length > 0 ? foldCase((search ?? '').trim()) : '';
  const matching = items.filter(
    (row) =>
      checks.every(({ def, value }) => passes(def, row, value, options.caller)) &&
      (!needle || foldCase(list.search.map((name) => String(value(row, name) ?? '')).join(' ')).includes(needle)),
  );

  const order = orderParts(list, sortGiven).map((part) => ({
    name: part.replace(/^-/, ''),
    descending: part.startsWith('-'),
  }));
  const sorted = [...matching].sort((left, right) => {
    for (const { name, descending } of order) {
      const result = compareValues(name, value(left, name), value(right, name));
      if (result !== 0) return descending ? -result : result;
    }
    return 0;
  });

  const pages = lastPageOf(sorted.length, pageSize);
  if (pageNumber > pages) return HttpResponse.json({ detail: message(request, 'page.invalid'), count: sorted.length }, { status: 404 });
  const pageUrl = (page: number) => {
    const next = new URL(url);
    next.searchParams.set('pageNumber', String(page));
    return next.toString();
  };
  return HttpResponse.json({
    count: sorted.length,
    next: pageNumber < pages ? pageUrl(pageNumber + 1) : null,
    previous: pageNumber > 1 ? pageUrl(pageNumber - 1) : null,
    results: sorted
      .slice((pageNumber - 1) * pageSize, pageNumber * pageSize)
      .map((row) => (options.omit ? Object.fromEntries(Object.entries(row).filter(([name]) => !options.omit!.includes(name))) : row)),
  });
}
