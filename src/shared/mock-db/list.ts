import { HttpResponse } from 'msw';

/** How one list endpoint filters, searches and sorts, mirroring the server's list rules. */
export interface ListSpec<T> {
  /** Sort field → value; `sort=-a,b` sorts by a descending then b. */
  readonly sortable: Readonly<Record<string, (item: T) => string | number | boolean | null>>;
  readonly defaultSort: string;
  /** Text the `search` parameter is matched against (case-insensitive substring). */
  readonly searchText?: (item: T) => string;
  readonly createdAt: (item: T) => string;
  readonly lastModifiedAt: (item: T) => string;
  /** The entity's own filters. */
  readonly filters?: readonly Filter<T>[];
}

export type Filter<T> = (item: T, params: URLSearchParams) => boolean;

const PAGE_SIZE_DEFAULT = 25;

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const after = (value: string, bound: string) => (isDateOnly(bound) ? value.slice(0, 10) >= bound : value >= bound);
const before = (value: string, bound: string) => (isDateOnly(bound) ? value.slice(0, 10) <= bound : value <= bound);

/** `param=value`, compared as text. */
export const equals =
  <T>(param: string, get: (item: T) => string | number | null): Filter<T> =>
  (item, params) => {
    const wanted = params.get(param);
    return wanted === null || String(get(item)) === wanted;
  };

/** Repeated `param=a&param=b`: any of them. */
export const oneOf =
  <T>(param: string, get: (item: T) => string | number | null): Filter<T> =>
  (item, params) => {
    const wanted = params.getAll(param);
    return wanted.length === 0 || wanted.includes(String(get(item)));
  };

export const flag =
  <T>(param: string, get: (item: T) => boolean): Filter<T> =>
  (item, params) => {
    const wanted = params.get(param);
    return wanted === null || get(item) === (wanted === 'true');
  };

/** `<param>After` / `<param>Before` on a date or timestamp, inclusive. */
export const dateRange =
  <T>(param: string, get: (item: T) => string): Filter<T> =>
  (item, params) => {
    const from = params.get(`${param}After`);
    const to = params.get(`${param}Before`);
    return (from === null || after(get(item), from)) && (to === null || before(get(item), to));
  };

export const numberRange =
  <T>(param: string, get: (item: T) => number): Filter<T> =>
  (item, params) => {
    const min = params.get(`${param}Min`);
    const max = params.get(`${param}Max`);
    return (min === null || get(item) >= Number(min)) && (max === null || get(item) <= Number(max));
  };

type Sortable = string | number | boolean | null;

const compare = (left: Sortable, right: Sortable): number => {
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left) < String(right) ? -1 : 1;
};

/**
 * Answers a list request like the server: shared filters, search, sort, paging; `{count, next,
 * previous, results}`; 404 for a page past the end; 400 for an unknown sort field.
 */
export function listResponse<T>(request: Request, items: readonly T[], spec: ListSpec<T>): Response {
  const url = new URL(request.url);
  const params = url.searchParams;
  const search = params.get('search')?.trim().toLowerCase();
  const filters: Filter<T>[] = [
    dateRange('created', spec.createdAt),
    dateRange('lastModified', spec.lastModifiedAt),
    (item) => !search || !spec.searchText || spec.searchText(item).toLowerCase().includes(search),
    ...(spec.filters ?? []),
  ];
  const matching = items.filter((item) => filters.every((filter) => filter(item, params)));

  const sortParts = (params.get('sort')?.trim() || spec.defaultSort).split(',').map((part) => part.trim());
  for (const part of sortParts) {
    const name = part.replace(/^-/, '');
    if (!spec.sortable[name]) {
      return HttpResponse.json(
        { sort: [`Unknown sort field "${name}"; choose one of ${Object.keys(spec.sortable).join(', ')}.`] },
        { status: 400 },
      );
    }
  }
  const sorted = [...matching].sort((left, right) => {
    for (const part of sortParts) {
      const descending = part.startsWith('-');
      const get = spec.sortable[part.replace(/^-/, '')];
      const order = get ? compare(get(left), get(right)) : 0;
      if (order !== 0) return descending ? -order : order;
    }
    return 0;
  });

  const pageSize = Number(params.get('pageSize') ?? PAGE_SIZE_DEFAULT);
  const pageNumber = Number(params.get('pageNumber') ?? 1);
  const pages = Math.max(1, Math.ceil(sorted.length / pageSize));
  if (pageNumber > pages) return HttpResponse.json({ detail: 'Invalid page.' }, { status: 404 });
  const pageUrl = (page: number) => {
    const next = new URL(url);
    next.searchParams.set('pageNumber', String(page));
    return next.toString();
  };
  return HttpResponse.json({
    count: sorted.length,
    next: pageNumber < pages ? pageUrl(pageNumber + 1) : null,
    previous: pageNumber > 1 ? pageUrl(pageNumber - 1) : null,
    results: sorted.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
  });
}

/** The server's error shapes. */
export const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
export const fieldErrors = (errors: Readonly<Record<string, readonly string[]>>) =>
  HttpResponse.json(errors, { status: 400 });
export const nonFieldError = (message: string) => HttpResponse.json({ nonFieldErrors: [message] }, { status: 400 });
