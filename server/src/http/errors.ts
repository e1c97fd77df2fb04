import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { t } from './i18n.js';
import { DECIMAL_RULES, dateProblem, decimalProblem, type Locale } from '@timberlog/contract';

export interface Msg {
  key: string;
  params?: Record<string, string | number>;
}

/** An error with a known HTTP answer; messages are keys, translated when the response is written. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly detail?: Msg,
    public readonly fields?: Record<string, Msg[]>,
    public readonly code?: string,
    public readonly headers: Record<string, string> = {},
    /** Other members of the answer beside `detail` (a list's row count with its 404 for a page past the end). */
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(detail?.key ?? 'validation');
  }

  body(locale: Locale): Record<string, unknown> {
    if (this.fields) {
      const out: Record<string, string[]> = {};
      for (const [field, msgs] of Object.entries(this.fields)) out[field] = msgs.map((m) => t(locale, m.key, m.params));
      return out;
    }
    const body: Record<string, unknown> = { detail: t(locale, this.detail?.key ?? 'field.invalid', this.detail?.params) };
    if (this.code) body.code = this.code;
    return { ...body, ...this.extra };
  }
}

export const notFound = () => new ApiError(404, { key: 'notFound' });
/** A page past the last one: says how many rows the list has now (`count`), so the caller goes to the last page without asking again. */
export const invalidPage = (count: number) => new ApiError(404, { key: 'page.invalid' }, undefined, undefined, {}, { count });
export const forbidden = () => new ApiError(403, { key: 'auth.permissionDenied' });
export const notAuthenticated = () => new ApiError(401, { key: 'auth.notAuthenticated' });
export const tokenInvalid = () => new ApiError(401, { key: 'auth.tokenInvalid' }, undefined, 'token_not_valid');
export const fieldError = (field: string, key: string, params?: Record<string, string | number>) =>
  new ApiError(400, undefined, { [field]: [{ key, params }] });
export const nonFieldError = (key: string, params?: Record<string, string | number>) =>
  new ApiError(400, undefined, { nonFieldErrors: [{ key, params }] });
export const rateLimited = (seconds: number) =>
  new ApiError(429, { key: 'auth.rateLimited', params: { seconds } }, undefined, undefined, { 'Retry-After': String(seconds) });

/** A 503 the client may retry after a second: the database kept meeting conflicting writers. */
export const databaseBusy = () => new ApiError(503, { key: 'db.busy' }, undefined, undefined, { 'Retry-After': '1' });

/** Collects several field errors before throwing them together. */
export class FieldErrors {
  private readonly fields: Record<string, Msg[]> = {};
  add(field: string, key: string, params?: Record<string, string | number>): this {
    (this.fields[field] ??= []).push({ key, params });
    return this;
  }
  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw new ApiError(400, undefined, this.fields);
  }
}

interface AjvErrorLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  data?: unknown;
  parentSchema?: Record<string, unknown>;
}

function ajvToMsg(e: AjvErrorLike): Msg {
  const p = e.params;
  switch (e.keyword) {
    case 'required':
      return { key: 'field.required' };
    case 'type': {
      const type = String(p.type).split(',')[0];
      // Decimals travel as strings; a JSON number there should read "enter a number", not "enter text".
      const decimal = DECIMAL_RULES[String(e.parentSchema?.pattern)];
      if (decimal) return { key: 'field.pattern.decimal', params: { decimals: decimal.decimals } };
      return { key: `field.type.${type}` };
    }
    case 'enum':
      return {
        key: 'field.enum',
        params: {
          value: typeof e.data === 'string' ? e.data.slice(0, 100) : JSON.stringify(e.data ?? '').slice(0, 100),
          choices: ((p.allowedValues as unknown[]) ?? []).join(', '),
        },
      };
    case 'maxLength':
      return { key: 'field.maxLength', params: { limit: Number(p.limit) } };
    case 'minLength':
      return Number(p.limit) === 1 ? { key: 'field.blank' } : { key: 'field.minLength', params: { limit: Number(p.limit) } };
    case 'minimum':
      return { key: 'field.minimum', params: { limit: Number(p.limit) } };
    case 'maximum':
      return { key: 'field.maximum', params: { limit: Number(p.limit) } };
    case 'exclusiveMinimum':
      return { key: 'field.positive' };
    case 'minItems':
      return { key: 'field.minItems', params: { limit: Number(p.limit) } };
    case 'maxItems':
      return { key: 'field.maxItems', params: { limit: Number(p.limit) } };
    case 'format': {
      const f = String(p.format);
      // A real date outside the years the product takes says so (the contract's words, as the mocks').
      if (f === 'date' || f === 'date-time' || f === 'date-or-date-time')
        return dateProblem(String(e.data ?? ''), f === 'date' ? 'date' : 'date-time');
      if (f === 'email' || f === 'uuid') return { key: `field.format.${f}` };
      return { key: 'field.invalid' };
    }
    case 'pattern': {
      // A decimal's message says what is wrong with that value: a sign, too many decimals or digits.
      const decimal = DECIMAL_RULES[String(p.pattern)];
      return (decimal && decimalProblem(String(e.data ?? ''), decimal)) || { key: 'field.pattern' };
    }
    default:
      return { key: 'field.invalid' };
  }
}

/** Turns ajv errors into `{ field: [message] }` (first path segment names the field). */
export function validationToApiError(errors: AjvErrorLike[]): ApiError {
  const fields: Record<string, Msg[]> = {};
  for (const e of errors) {
    if (e.keyword === 'additionalProperties' || e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    // A nullable field's other branch says what is wrong with the value; "not null" says nothing.
    if (e.keyword === 'type' && e.params.type === 'null') continue;
    const segments = e.instancePath.split('/').filter(Boolean);
    let field = segments[0];
    if (e.keyword === 'required' && !field) field = String(e.params.missingProperty);
    if (!field) field = 'nonFieldErrors';
    // `sort` is an enum of each field and its `-` form: name the field, and list the fields once.
    const msg =
      field === 'sort' && e.keyword === 'enum'
        ? {
            key: 'field.unknownSort',
            params: {
              value: String(e.data ?? '')
                .replace(/^-/, '')
                .slice(0, 50),
              choices: ((e.params.allowedValues as unknown[]) ?? []).filter((v) => !String(v).startsWith('-')).join(', '),
            },
          }
        : ajvToMsg(e);
    const list = (fields[field] ??= []);
    if (!list.some((m) => m.key === msg.key)) list.push(msg);
  }
  if (Object.keys(fields).length === 0) fields.nonFieldErrors = [{ key: 'field.invalid' }];
  return new ApiError(400, undefined, fields);
}

export function errorHandler(error: FastifyError & { validation?: AjvErrorLike[] }, request: FastifyRequest, reply: FastifyReply) {
  const locale = request.locale ?? 'en';
  let apiError: ApiError;
  if (error instanceof ApiError) apiError = error;
  else if (error.validation) apiError = validationToApiError(error.validation);
  else if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') apiError = new ApiError(400, { key: 'json.empty' });
  // Fastify's parser answers one error for bad JSON and for prototype poisoning alike.
  else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') apiError = new ApiError(400, { key: 'json.invalid' });
  else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    apiError = new ApiError(415, { key: 'media.unsupported', params: { type: String(request.headers['content-type'] ?? '') } });
  else if (error.code === '40001' || error.code === '40P01') {
    // A conflict outside the transaction helper (which retries them): the client may try again.
    request.log.warn({ code: error.code, message: error.message }, 'database conflict');
    apiError = databaseBusy();
  } else if (typeof error.code === 'string' && /^2[23][0-9A-Z]{3}$/.test(error.code)) {
    // Safety net: PostgreSQL refused a value (class 22) or a constraint (class 23), e.g. two
    // requests racing for one number. That is a conflict or bad input, never a server error.
    request.log.warn({ code: error.code, message: error.message }, 'database refused the request');
    apiError = new ApiError(400, undefined, { nonFieldErrors: [{ key: error.code.startsWith('23') ? 'db.conflict' : 'db.invalid' }] });
  } else if (error.statusCode && error.statusCode < 500) {
    reply.status(error.statusCode).send({ detail: error.message });
    return;
  } else {
    request.log.error({ err: error }, 'unhandled error');
    reply.status(500).send({ detail: 'A server error occurred.' });
    return;
  }
  reply.status(apiError.status).headers(apiError.headers).send(apiError.body(locale));
}
