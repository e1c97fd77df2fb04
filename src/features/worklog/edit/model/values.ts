import { normaliseWorkerName, WORKLOG_EDIT_FIELDS, type WorklogAction } from '@timberlog/contract';

import type { Worklog, WorklogCreate } from '@/entities/worklog';

/** What the worklog form edits, as the user typed it. */
export interface WorklogFormValues {
  /** `YYYY-MM-DDTHH:mm` in the user's time zone, as `<input type="datetime-local">` holds it. */
  timestamp: string;
  action: WorklogAction | '';
  warehouse: number | null;
  workerName: string;
  assortment: string;
  quantity: string;
  waybill: string;
  durationMinutes: string;
  notes: string;
}

/** The form's fields: the contract's, in its order. */
export const WORKLOG_FORM_FIELDS = WORKLOG_EDIT_FIELDS satisfies readonly (keyof WorklogFormValues)[];

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as the local `YYYY-MM-DDTHH:mm` a datetime-local input shows. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The local `YYYY-MM-DDTHH:mm` of the input as the ISO instant the API takes. */
export function fromLocalInput(local: string): string {
  return new Date(local).toISOString();
}

export function emptyWorklogValues(now: Date = new Date()): WorklogFormValues {
  return {
    timestamp: toLocalInput(now.toISOString()),
    action: '',
    warehouse: null,
    workerName: '',
    assortment: '',
    quantity: '',
    waybill: '',
    durationMinutes: '',
    notes: '',
  };
}

export function worklogToValues(worklog: Worklog): WorklogFormValues {
  return {
    timestamp: toLocalInput(worklog.timestamp),
    action: worklog.action,
    warehouse: worklog.warehouse,
    workerName: worklog.workerName,
    assortment: worklog.assortment ?? '',
    quantity: worklog.quantity ?? '',
    waybill: worklog.waybill ?? '',
    durationMinutes: String(worklog.durationMinutes),
    notes: worklog.notes,
  };
}

/** A quantity typed with a decimal comma (Estonian) is the same number with a point, as the API takes it. */
export const normaliseDecimal = (value: string): string => value.trim().replace(',', '.');

/** The body of a create or a full update (PUT takes the same fields); empty optional fields are null. */
export function valuesToBody(values: WorklogFormValues): WorklogCreate {
  const optional = (value: string) => (value.trim() ? value.trim() : null);
  return {
    timestamp: fromLocalInput(values.timestamp),
    action: values.action as WorklogAction,
    warehouse: values.warehouse ?? 0,
    workerName: normaliseWorkerName(values.workerName),
    assortment: optional(values.assortment),
    quantity: values.quantity.trim() ? normaliseDecimal(values.quantity) : null,
    waybill: optional(values.waybill),
    durationMinutes: Number(values.durationMinutes.trim()),
    notes: values.notes,
  };
}
