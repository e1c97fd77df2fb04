/**
 * The rules of a worklog's fields, in one place for the server (server/src/worklogs/routes.ts, its
 * lookups over SQL) and the mocks (worklogHandlers.ts, over the mock data): which fields a worklog
 * has, and how each is checked against the reference data. The request's shape (types, patterns,
 * formats) is the API schema's business and is checked before these.
 */
import type { WorklogAction } from './limits.ts';
import type { MessageKey, MessageParams } from './messages.ts';
import type { Lookup, RuleProblem } from './rules.ts';
import { normaliseWorkerName } from './values.ts';

/** What a new worklog must be given. */
export const WORKLOG_REQUIRED_FIELDS = ['timestamp', 'action', 'warehouse', 'workerName', 'durationMinutes'] as const;

/** Every field a worklog's change may set. */
export const WORKLOG_EDIT_FIELDS = [
  'timestamp',
  'action',
  'warehouse',
  'workerName',
  'assortment',
  'quantity',
  'waybill',
  'durationMinutes',
  'notes',
] as const;
export type WorklogEditField = (typeof WORKLOG_EDIT_FIELDS)[number];

/** A worklog's fields as a change gives them (a field not given is not changed; empty text or null clears an optional one). */
export interface WorklogFieldValues {
  timestamp?: string;
  action?: WorklogAction;
  warehouse?: number;
  workerName?: string;
  assortment?: string | null;
  quantity?: string | null;
  waybill?: string | null;
  durationMinutes?: number;
  notes?: string;
}

/** The reference data the worklog rules ask about: the server reads it with SQL, the mocks from their data. */
export interface WorklogLookups {
  /** The warehouse's company, or undefined when no warehouse has the id. */
  warehouseCompany(id: number): Lookup<string | undefined>;
  hasAssortment(code: string): Lookup<boolean>;
  hasWaybill(number: string): Lookup<boolean>;
}

/**
 * Checks a worklog's fields by the rules and the reference data, and answers them as they are
 * kept (the worker's name with its spaces made single, an empty assortment or waybill as none),
 * with the company of the warehouse given (the worker's company) and every problem on its field.
 */
export async function checkWorklogFields<F extends WorklogFieldValues>(
  input: F,
  lookups: WorklogLookups,
): Promise<{ fields: F; company: string | undefined; problems: RuleProblem[] }> {
  const f: F = { ...input };
  const problems: RuleProblem[] = [];
  const add = (field: string, key: MessageKey, params?: MessageParams) => problems.push(params ? { field, key, params } : { field, key });
  let company: string | undefined;
  if (f.workerName !== undefined) {
    f.workerName = normaliseWorkerName(f.workerName);
    if (!f.workerName) add('workerName', 'field.blank');
  }
  if (f.assortment === '') f.assortment = null;
  if (f.waybill === '') f.waybill = null;
  if (f.warehouse !== undefined) {
    company = await lookups.warehouseCompany(f.warehouse);
    if (company === undefined) add('warehouse', 'ref.unknownWarehouse', { value: f.warehouse });
  }
  if (f.assortment && !(await lookups.hasAssortment(f.assortment))) add('assortment', 'ref.unknownAssortment', { value: f.assortment });
  if (f.waybill && !(await lookups.hasWaybill(f.waybill))) add('waybill', 'ref.unknownWaybill', { value: f.waybill });
  if (f.quantity !== undefined && f.quantity !== null && !(Number(f.quantity) > 0)) add('quantity', 'field.positive');
  return { fields: f, company, problems };
}
