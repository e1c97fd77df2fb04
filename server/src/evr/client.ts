/**
 * The connection to EVR, Estonia's register of timber e-waybills (../shared/spec/evr.md; the
 * calls and JSON names of the public client thorgate/pyevr). One company's API key: every call
 * is made as our organisation. The key goes in a header and nowhere else: never into an error, a
 * log line or an answer.
 *
 * Starting a waybill is not idempotent in EVR (pyevr documents no key), so the start carries our
 * own reference in `userCustomData` and `ensureStarted` looks for it before sending again: a
 * start whose answer was lost (a timeout, a dropped connection, a job retried after a crash) never
 * makes a second EVR waybill.
 */

import type { EvrStatus } from '@timberlog/contract';

/** The parts of EVR's `Waybill` the product reads (pyevr's JSON names). */
export interface EvrWaybill {
  readonly number: string;
  readonly status: EvrStatus;
  readonly creationTime?: string;
  readonly lastModificationTime?: string;
  readonly cancellationTime?: string | null;
  readonly cancellationReason?: string | null;
  readonly unloadingTime?: string | null;
  readonly unloadingComment?: string | null;
  readonly finishingTime?: string | null;
  readonly totalJourneyMileage?: number | null;
  readonly userCustomData?: string | null;
  readonly owner?: { readonly code?: string; readonly name?: string };
  readonly receiver?: { readonly code?: string; readonly name?: string };
  readonly transport?: { readonly transporter?: { readonly code?: string } };
  readonly notes?: readonly { readonly message?: string; readonly creationTime?: string; readonly creatorCode?: string }[];
  readonly waybillLatestMeasurements?: unknown;
  readonly [more: string]: unknown;
}

export { EVR_STATUSES } from '@timberlog/contract';

/** A page of a list call (pyevr's PagedResultOf…). */
interface Paged<T> {
  readonly pageResult?: readonly T[];
  readonly totalCount?: number;
  readonly pageNumber?: number;
  readonly pageSize?: number;
}
/** Whether a list has pages after `page` (EVR answers the total, not a next link). */
const hasMore = (result: Paged<unknown>, page: number): boolean =>
  (result.pageResult?.length ?? 0) > 0 && page * (result.pageSize ?? EVR_PAGE_SIZE) < (result.totalCount ?? 0);

/**
 * Why a call did not succeed, as the product tells it (a translated reason per kind):
 * - `unreachable`: no answer at all (refused, reset, dropped after the request was sent);
 * - `timeout`: no answer within the time allowed;
 * - `invalid`: EVR refused what was sent (400 ValidationResult), with its field errors by JSON path;
 * - `refused`: EVR refused the call itself (400 ProblemDetails: not in this status; 403; 404);
 * - `auth`: the API key is missing or not EVR's (401);
 * - `server`: EVR failed (5xx).
 * `lost` is true when EVR may have done the work although no answer came (unreachable after the
 * request went out, a timeout): read before doing it again.
 */
export type EvrErrorKind = 'unreachable' | 'timeout' | 'invalid' | 'refused' | 'auth' | 'server';

export class EvrError extends Error {
  constructor(
    readonly kind: EvrErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly fieldErrors: Readonly<Record<string, readonly string[]>> = {},
    readonly lost = false,
  ) {
    super(message);
    this.name = 'EvrError';
  }
  /** Worth trying again later (a job's retry): EVR or the way to it failed, not what was sent. */
  get retriable(): boolean {
    return this.kind === 'unreachable' || this.kind === 'timeout' || this.kind === 'server';
  }
}

export interface EvrClientOptions {
  /** EVR's address, e.g. https://evr.veoseleht.ee (or the stand-in's). */
  readonly url: string;
  readonly apiKey: string;
  /** How long one call may take before it counts as lost (ms). */
  readonly timeoutMs?: number;
  /** The language of EVR's error texts. */
  readonly language?: 'et' | 'en';
}

/** Our reference on an EVR waybill: found again after a lost answer. */
export interface StartReference {
  /** Timberlog's own waybill number, kept in `userCustomData`. */
  readonly waybill: string;
  /** Our organisation's registry code (the owner or transporter the list is narrowed to). */
  readonly ownCode: string;
  /** A moment before the first attempt: the search starts there. */
  readonly since: Date;
}

const CUSTOM_DATA_KEY = 'timberlogWaybill';
/** The `userCustomData` that names our waybill (a JSON text, as EVR keeps it). */
export const customDataFor = (waybill: string): string => JSON.stringify({ [CUSTOM_DATA_KEY]: waybill });
const waybillOf = (customData: unknown): string | undefined => {
  if (typeof customData !== 'string') return undefined;
  try {
    const parsed = JSON.parse(customData) as Record<string, unknown>;
    return typeof parsed[CUSTOM_DATA_KEY] === 'string' ? (parsed[CUSTOM_DATA_KEY] as string) : undefined;
  } catch {
    return undefined;
  }
};

/** The longest window EVR's list takes between `last_modified_after` and `_before`. */
const addMonth = (at: Date): Date => {
  const next = new Date(at);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};
/** EVR's largest page. */
export const EVR_PAGE_SIZE = 100;

export class EvrClient {
  private readonly url: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: EvrClientOptions) {
    this.url = options.url.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  /** One call; throws EvrError for anything but a 2xx. */
  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {
      'EVR-APIKEY': this.options.apiKey,
      'EVR-LANGUAGE': this.options.language ?? 'et',
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(this.url + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      // Whatever happened after the request left, EVR may have done it: only a write needs to know.
      const lost = method === 'POST';
      return timedOut
        ? Promise.reject(new EvrError('timeout', `EVR did not answer ${method} ${path} within ${this.timeoutMs} ms`, null, {}, lost))
        : Promise.reject(new EvrError('unreachable', `EVR could not be reached for ${method} ${path}`, null, {}, lost));
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new EvrError('unreachable', `EVR's answer to ${method} ${path} was cut off`, response.status, {}, method === 'POST');
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (response.ok) return parsed as T;
    const problem = (parsed ?? {}) as { title?: string; detail?: string; errors?: Record<string, string[]> };
    const said = problem.detail || problem.title || `HTTP ${response.status}`;
    if (response.status === 401) throw new EvrError('auth', `EVR refused the API key: ${said}`, 401);
    if (response.status >= 500) throw new EvrError('server', `EVR failed on ${method} ${path}: ${said}`, response.status);
    if (problem.errors && typeof problem.errors === 'object')
      throw new EvrError('invalid', `EVR refused the data of ${method} ${path}: ${said}`, response.status, problem.errors);
    throw new EvrError('refused', `EVR refused ${method} ${path}: ${said}`, response.status);
  }

  /** One waybill, with its latest measurement act when asked. */
  getWaybill(number: string, withMeasurements = true): Promise<EvrWaybill> {
    return this.call('GET', `/api/waybills/${encodeURIComponent(number)}${withMeasurements ? '?include_latest_measurements=true' : ''}`);
  }

  /** Starts a waybill in EVR (status `shipping`); answers its EVR number. Not idempotent: see ensureStarted. */
  async startWaybill(request: Record<string, unknown>): Promise<string> {
    const answer = await this.call<unknown>('POST', '/api/waybills', request);
    if (typeof answer === 'string') return answer;
    const number = (answer as { number?: unknown } | undefined)?.number;
    if (typeof number === 'string') return number;
    throw new EvrError('server', 'EVR answered the start without a waybill number');
  }

  /** The EVR waybill started for our `reference` since then, if there is one. */
  async findStarted(reference: StartReference): Promise<EvrWaybill | undefined> {
    for (const role of ['owner_code', 'transporter_code'] as const) {
      for (let page = 1; ; page++) {
        const query = new URLSearchParams({
          [role]: reference.ownCode,
          created_after: reference.since.toISOString(),
          sort: 'creationTimeDesc',
          page: String(page),
          page_size: String(EVR_PAGE_SIZE),
        });
        const result = await this.call<Paged<EvrWaybill>>('GET', `/api/waybills?${query}`);
        // A cancelled one does not count: a waybill returned to draft and confirmed again is started anew.
        const found = result.pageResult?.find((w) => waybillOf(w.userCustomData) === reference.waybill && w.status !== 'cancelled');
        if (found) return found;
        if (!hasMore(result, page)) break;
      }
    }
    return undefined;
  }

  /**
   * Starts our waybill in EVR once, whatever answers were lost before: looks for an EVR waybill
   * carrying our reference first (a retry after a lost answer), starts one only when there is
   * none, and when that start's answer is lost too, looks again before giving up (the error is
   * then retriable and the next attempt looks first again). Answers the EVR number.
   */
  async ensureStarted(request: Record<string, unknown>, reference: StartReference): Promise<string> {
    const earlier = await this.findStarted(reference);
    if (earlier) return earlier.number;
    try {
      return await this.startWaybill({ ...request, userCustomData: customDataFor(reference.waybill) });
    } catch (err) {
      if (!(err instanceof EvrError) || !err.lost) throw err;
      const made = await this.findStarted(reference).catch(() => undefined);
      if (made) return made.number;
      throw err;
    }
  }

  /** `shipping → unloaded`, with the journey's mileage. */
  unload(number: string, totalJourneyMileage: number, comment?: string): Promise<unknown> {
    return this.call('POST', `/api/waybills/${encodeURIComponent(number)}/unload`, {
      totalJourneyMileage,
      ...(comment ? { comment } : {}),
    });
  }

  /** `shipping → cancelled`, with the reason. */
  cancel(number: string, reason: string): Promise<unknown> {
    return this.call('POST', `/api/waybills/${encodeURIComponent(number)}/cancel`, { reason });
  }

  /** A note on the waybill (≤ 1000 characters). */
  addNote(number: string, message: string): Promise<unknown> {
    return this.call('POST', `/api/waybills/${encodeURIComponent(number)}/note`, { message });
  }

  /**
   * Every waybill changed after `after` and before `before`, oldest change first, with its latest
   * measurement act: one window of at most a month at a time (EVR's limit), every page of each. A
   * waybill changed at a window's edge may come twice.
   */
  async *changedBetween(after: Date, before: Date): AsyncGenerator<EvrWaybill> {
    for (let from = after; from < before; ) {
      const to = addMonth(from) < before ? addMonth(from) : before;
      for (let page = 1; ; page++) {
        const query = new URLSearchParams({
          last_modified_after: from.toISOString(),
          last_modified_before: to.toISOString(),
          sort: 'lastModificationTimeAsc',
          include_latest_measurements: 'true',
          page: String(page),
          page_size: String(EVR_PAGE_SIZE),
        });
        const result = await this.call<Paged<EvrWaybill>>('GET', `/api/waybills?${query}`);
        for (const item of result.pageResult ?? []) yield item;
        if (!hasMore(result, page)) break;
      }
      // Both ends of EVR's window are exclusive: the next one starts a millisecond back, so that a
      // change made at the very end is not between two windows (it may come twice; applying it twice is a no-op).
      if (to >= before) break;
      from = new Date(to.getTime() - 1);
    }
  }
}
