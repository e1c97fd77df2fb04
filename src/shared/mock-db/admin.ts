import { http, HttpResponse, type HttpHandler } from 'msw';
import { DECIMAL_RULES, decimalProblem, referrerList, type AdminReferrer, type HistoryEntity } from '@timberlog/contract';

import { mockCaller } from './db';
import { historyResponse } from './history';
import { fieldErrors, nonFieldError, notFound } from './list';
import { message, requestLocale, type MessageKey, type Params } from './messages';

/** How the server's body schema holds one field of an admin write (what its answers test). */
export interface FieldRule {
  required?: boolean;
  /** Text unless said otherwise. */
  type?: 'string' | 'integer' | 'number' | 'boolean';
  /** The values an enumerated field takes. */
  values?: readonly string[];
  minimum?: number;
  maximum?: number;
  /** A minimum length of 1: an empty string is blank. */
  notEmpty?: boolean;
  maxLength?: number;
  pattern?: string;
  nullable?: boolean;
}

/** Field errors as the server collects them: each field's messages in the order found. */
export class MockFieldErrors {
  readonly fields: Record<string, string[]> = {};
  constructor(private readonly request: Request) {}
  add(field: string, key: MessageKey, params?: Params): void {
    (this.fields[field] ??= []).push(message(this.request, key, params));
  }
  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }
  answer(): Response {
    return fieldErrors(this.fields);
  }
}

/** The staff-only guard of every admin route. */
export const staffOnly = (request: Request): Response | undefined =>
  mockCaller(request).isStaff ? undefined : HttpResponse.json({ detail: message(request, 'auth.permissionDenied') }, { status: 403 });

/**
 * The server's schema check of an admin body, before any rule that reads data: a missing required
 * field, a non-string, an empty string where one is needed, too long, or not matching its pattern.
 */
export function schemaErrors(
  request: Request,
  body: Readonly<Record<string, unknown>>,
  rules: Readonly<Record<string, FieldRule>>,
): MockFieldErrors {
  const errors = new MockFieldErrors(request);
  for (const [field, rule] of Object.entries(rules)) {
    const value = body[field];
    if (value === undefined) {
      if (rule.required) errors.add(field, 'field.required');
      continue;
    }
    if (value === null && rule.nullable) continue;
    if (rule.type === 'boolean') {
      if (typeof value !== 'boolean') errors.add(field, 'field.type.boolean');
      continue;
    }
    if (rule.type === 'integer' || rule.type === 'number') {
      if (typeof value !== 'number' || (rule.type === 'integer' && !Number.isInteger(value)))
        errors.add(field, rule.type === 'integer' ? 'field.type.integer' : 'field.type.number');
      else if (rule.minimum !== undefined && value < rule.minimum) errors.add(field, 'field.minimum', { limit: rule.minimum });
      else if (rule.maximum !== undefined && value > rule.maximum) errors.add(field, 'field.maximum', { limit: rule.maximum });
      continue;
    }
    if (typeof value !== 'string') {
      errors.add(field, 'field.type.string');
      continue;
    }
    if (rule.maxLength !== undefined && [...value].length > rule.maxLength) errors.add(field, 'field.maxLength', { limit: rule.maxLength });
    if (rule.notEmpty && value === '') errors.add(field, 'field.blank');
    if (rule.pattern !== undefined && !new RegExp(rule.pattern).test(value)) {
      // The server's words for a decimal: what is wrong with that value.
      const decimal = DECIMAL_RULES[rule.pattern];
      const problem = decimal ? decimalProblem(value, decimal) : undefined;
      errors.add(field, problem?.key ?? 'field.pattern', problem?.params);
    }
    if (rule.values && !rule.values.includes(value))
      errors.add(field, 'field.enum', { value: value.slice(0, 100), choices: rule.values.join(', ') });
  }
  return errors;
}

/** The same rules with none required, as PATCH takes them. */
export const optional = (rules: Readonly<Record<string, FieldRule>>): Record<string, FieldRule> =>
  Object.fromEntries(Object.entries(rules).map(([field, rule]) => [field, { ...rule, required: false }]));

/** A name of only spaces is blank, as on the server. */
export function notBlank(errors: MockFieldErrors, field: string, value: unknown): void {
  if (typeof value === 'string' && value.trim() === '') errors.add(field, 'field.blank');
}

/** The refusal to delete a record others still refer to, or undefined when none do. */
export function referencedAnswer(request: Request, counts: readonly (readonly [AdminReferrer, number])[]): Response | undefined {
  if (!counts.some(([, count]) => count > 0)) return undefined;
  return nonFieldError(message(request, 'admin.referenced', { list: referrerList(requestLocale(request), counts) }));
}

/** The refusal's words for one field (a warehouse code waybills still use). */
export const referencedMessage = (request: Request, counts: readonly (readonly [AdminReferrer, number])[]) =>
  ({ key: 'admin.referenced', params: { list: referrerList(requestLocale(request), counts) } }) as const;

/** A record's answer with its version as the ETag, as the server's detail answers. */
export const withEtag = <T extends { version: number }>(record: T, status = 200): Response =>
  HttpResponse.json(record, { status, headers: { ETag: `"${record.version}"` } });

/**
 * The read routes every admin resource has besides its list: one record (with its ETag) and its
 * history (staff only: the resource's guard answers first).
 */
export function adminRecordHandlers(
  path: string,
  entity: HistoryEntity,
  find: (key: string) => { version: number } | undefined,
): readonly HttpHandler[] {
  return [
    http.get(`*/api/admin/${path}/:key/history`, ({ params, request }) => historyResponse(request, entity, String(params.key))),
    http.get(`*/api/admin/${path}/:key`, ({ params, request }) => {
      const record = find(String(params.key));
      return record ? withEtag(record) : notFound(request);
    }),
  ];
}
