import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  checkWaybillFields,
  evrNotReadyErrors,
  isValidDateTime,
  type EvrProblem,
  LIMITS,
  QUANTITY_DECIMAL,
  WAYBILL_DETAIL_FIELDS,
  WAYBILL_LIST,
  WAYBILL_REQUIRED_FIELDS,
  WAYBILL_STATUSES,
  decimalProblem,
  isWaybillDeletable,
  waybillChangeRefusal,
  waybillEdits,
  waybillEvrProblems,
  type WaybillLookups,
} from '@timberlog/contract';

import {
  changed,
  created,
  deleted,
  decimalText,
  fieldErrors,
  historyResponse,
  listResponse,
  message,
  createdByCaller,
  mockCaller,
  mockDb,
  mockReportResponse,
  mockWaybill,
  NO_EVR,
  nextNumber,
  nonFieldError,
  notFound,
  versionConflict,
} from '@/shared/mock-db';

import type { Waybill, WaybillCreate, WaybillPatch, WaybillStatus } from '../waybillApi';

export type Fields = { -readonly [K in keyof WaybillCreate]?: WaybillCreate[K] };

const find = (number: unknown) => mockDb.waybills.find((item) => item.number === number);

/** The reference data the contract's waybill rules ask about, from the mock data (the server's are SQL over the same). */
export const mockWaybillLookups: WaybillLookups = {
  hasOrigin: (code) => mockDb.warehouses.some((item) => item.originCode === code),
  destinationCompany: (code) => mockDb.warehouses.find((item) => item.destinationCode === code)?.company,
  hasCompany: (code) => mockDb.companies.some((item) => item.registryCode === code),
  assortment: (code) => mockDb.assortments.find((item) => item.code === code),
  unitOfWaybill: (number) => mockDb.assortments.find((item) => item.code === find(number)?.assortment)?.unit,
};

/** The server's answer to a confirmation EVR would refuse: how many things are missing at the root, and each on its field. */
export function readinessErrors(request: Request, problems: readonly EvrProblem[]): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(evrNotReadyErrors(problems)).map(([field, messages]) => [
      field,
      messages.map((item) => message(request, item.key, item.params)),
    ]),
  );
}

/**
 * What the API schema refuses before any rule is asked (the server's TypeBox schema): a quantity
 * or gross mass that is not a decimal it takes, a departure time that is not a date and time.
 */
function schemaErrors(request: Request, body: Fields): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const name of ['quantity', 'grossMass'] as const) {
    const value = body[name];
    const problem = typeof value === 'string' ? decimalProblem(value, QUANTITY_DECIMAL) : undefined;
    if (problem) errors[name] = [message(request, problem.key, problem.params)];
  }
  if (typeof body.departureTime === 'string' && body.departureTime.trim() !== '' && !isValidDateTime(body.departureTime))
    errors.departureTime = [message(request, 'field.format.date-time')];
  return errors;
}

/**
 * The server's checks of a waybill's fields: the schema's, then the contract's rules
 * (checkWaybillFields) over the mock data; the fields as the database keeps them (decimals with
 * three places, a departure time as its instant). `current` is the waybill being edited.
 */
export async function checkFields(
  request: Request,
  body: Fields,
  current?: Waybill,
): Promise<{ fields: Fields; errors: Record<string, string[]> }> {
  const schema = schemaErrors(request, body);
  if (Object.keys(schema).length > 0) return { fields: body, errors: schema };
  const { fields, problems } = await checkWaybillFields(body, mockWaybillLookups, current?.number);
  const errors: Record<string, string[]> = {};
  for (const problem of problems) (errors[problem.field] ??= []).push(message(request, problem.key, problem.params));
  if (fields.quantity !== undefined) fields.quantity = decimalText(String(fields.quantity), LIMITS.quantityMaxDecimals);
  if (typeof fields.grossMass === 'string') fields.grossMass = decimalText(fields.grossMass, LIMITS.quantityMaxDecimals);
  if (typeof fields.departureTime === 'string') fields.departureTime = new Date(fields.departureTime).toISOString();
  return { fields, errors };
}

/** Fills the names the server joins in from the reference data. */
export const withNames = (waybill: Waybill): Waybill => {
  const origin = mockDb.warehouses.find((item) => item.originCode === waybill.origin);
  const destination = mockDb.warehouses.find((item) => item.destinationCode === waybill.destination);
  const company = mockDb.companies.find((item) => item.registryCode === waybill.destinationCompany);
  const assortment = mockDb.assortments.find((item) => item.code === waybill.assortment);
  const nameOf = (code: string | null) =>
    code === null ? null : (mockDb.companies.find((item) => item.registryCode === code)?.name ?? code);
  return {
    ...waybill,
    ownerCompanyName: nameOf(waybill.ownerCompany),
    transporterCompanyName: nameOf(waybill.transporterCompany),
    originName: origin?.name ?? waybill.origin,
    destinationName: destination?.name ?? waybill.destination,
    destinationCompanyName: company?.name ?? waybill.destinationCompany,
    assortmentName: assortment?.name ?? waybill.assortment,
    unit: assortment?.unit ?? waybill.unit,
  };
};

/** A new draft from checked fields, as the create call and the import make it (the server's newWaybillRow). */
export const newWaybill = (request: Request, fields: Fields, number: string): Waybill => {
  const now = new Date().toISOString();
  // The owner of a waybill naming none is the origin warehouse's company (the server's defaultParties);
  // the mocks know no own company, as the parity server's settings name none.
  const owner =
    !fields.ownerCompany && !fields.ownerPersonName && !fields.ownerPersonCode
      ? { ownerCompany: mockDb.warehouses.find((item) => item.originCode === fields.origin)?.company ?? null }
      : {};
  return withNames(
    mockWaybill({
      // Only what was given: a new waybill has no EVR field the request did not name.
      ...NO_EVR,
      ...fields,
      ...owner,
      certificateClaims: fields.certificateClaims ?? [],
      number,
      status: 'draft',
      invoice: null,
      notes: fields.notes ?? '',
      ...createdByCaller(request),
      createdAt: now,
      lastModifiedAt: now,
    }),
  );
};

const hasErrors = (errors: Record<string, string[]>) => Object.keys(errors).length > 0;

/** PUT and PATCH: a status change by the transitions, edits only in an editable status, then the field checks. */
const update = async (request: Request, number: unknown, body: WaybillPatch): Promise<Response> => {
  const current = find(number);
  if (!current) return notFound(request);
  const stale = versionConflict(request, 'waybill', current.number, current);
  if (stale) return stale;
  if (body.status !== undefined && !WAYBILL_STATUSES.includes(body.status)) {
    return fieldErrors({ status: [message(request, 'field.enum', { value: String(body.status), choices: WAYBILL_STATUSES.join(', ') })] });
  }
  const from = current.status;
  const to: WaybillStatus | undefined = body.status !== undefined && body.status !== from ? body.status : undefined;
  const edits = waybillEdits(body);
  const reason = (body as { reason?: string }).reason;
  const refusal = waybillChangeRefusal(from, { to, reason, edits, isStaff: mockCaller(request).isStaff });
  if (refusal?.kind === 'forbidden') return HttpResponse.json({ detail: message(request, 'auth.permissionDenied') }, { status: 403 });
  if (refusal?.kind === 'field')
    return fieldErrors({ [refusal.problem.field]: [message(request, refusal.problem.key, refusal.problem.params)] });
  if (refusal?.kind === 'waybill') return nonFieldError(message(request, refusal.key, refusal.params));
  const { fields, errors } = await checkFields(request, body, current);
  if (hasErrors(errors)) return fieldErrors(errors);
  // Confirming needs what EVR needs; a confirmed waybill's edits may not take away what it has.
  const after = { ...current, ...Object.fromEntries(edits.map((key) => [key, fields[key]])) };
  const problems = waybillEvrProblems(from, to, current, after, edits);
  if (problems.length > 0) return fieldErrors(readinessErrors(request, problems));
  // The reason is the history's, not a field of the waybill.
  delete (fields as { reason?: string }).reason;
  const next = changed(
    request,
    'waybill',
    current.number,
    withNames({ ...current, ...fields, status: to ?? from, lastModifiedAt: new Date().toISOString() }),
    { reason: (body as { reason?: string }).reason },
  );
  mockDb.waybills = mockDb.waybills.map((item) => (item.number === current.number ? next : item));
  return HttpResponse.json(next);
};

export const waybillHandlers: readonly HttpHandler[] = [
  http.get('*/api/waybills/', ({ request }) => listResponse(request, WAYBILL_LIST, mockDb.waybills, { omit: WAYBILL_DETAIL_FIELDS })),
  http.post('*/api/waybills/waybill_report/', ({ request }) => mockReportResponse(request, 'waybill_report')),
  http.post('*/api/waybills/', async ({ request }) => {
    const body = (await request.json()) as Fields;
    const missing = WAYBILL_REQUIRED_FIELDS.filter((name) => body[name] === undefined);
    if (missing.length > 0) return fieldErrors(Object.fromEntries(missing.map((name) => [name, [message(request, 'field.required')]])));
    const { fields, errors } = await checkFields(request, body);
    const wanted = body.number?.trim();
    if (wanted && find(wanted)) (errors.number ??= []).push(message(request, 'waybill.numberTaken'));
    if (hasErrors(errors)) return fieldErrors(errors);
    const waybill = newWaybill(request, fields, wanted || nextNumber('waybill'));
    created(request, 'waybill', waybill.number);
    mockDb.waybills = [waybill, ...mockDb.waybills];
    return HttpResponse.json(waybill, { status: 201, headers: { ETag: `"${waybill.version}"` } });
  }),
  http.get('*/api/waybills/:number/history/', ({ params, request }) => historyResponse(request, 'waybill', String(params.number))),
  http.get('*/api/waybills/:number/', ({ params, request }) => {
    const waybill = find(params.number);
    return waybill ? HttpResponse.json(waybill, { headers: { ETag: `"${waybill.version}"` } }) : notFound(request);
  }),
  http.put('*/api/waybills/:number/', async ({ params, request }) =>
    update(request, params.number, (await request.json()) as WaybillPatch),
  ),
  http.patch('*/api/waybills/:number/', async ({ params, request }) =>
    update(request, params.number, (await request.json()) as WaybillPatch),
  ),
  http.delete('*/api/waybills/:number/', ({ params, request }) => {
    const waybill = find(params.number);
    if (!waybill) return notFound(request);
    const stale = versionConflict(request, 'waybill', waybill.number, waybill);
    if (stale) return stale;
    if (!isWaybillDeletable(waybill.status)) return nonFieldError(message(request, 'waybill.notDeletable', { status: waybill.status }));
    deleted(request, 'waybill', waybill.number);
    mockDb.waybills = mockDb.waybills.filter((item) => item.number !== waybill.number);
    return new HttpResponse(null, { status: 204 });
  }),
  // As the server: only a waybill whose exchange with EVR failed is sent again (the mocks have no
  // EVR: it stays sending, as it would until the server's job runs).
  http.post('*/api/waybills/:number/evr_retry/', ({ params, request }) => {
    const waybill = find(params.number);
    if (!waybill) return notFound(request);
    const stale = versionConflict(request, 'waybill', waybill.number, waybill);
    if (stale) return stale;
    if (waybill.evrSync !== 'failed') return nonFieldError(message(request, 'evr.notFailed'));
    const next = changed(request, 'waybill', waybill.number, { ...waybill, evrSync: 'sending' as const, evrFailure: null, evrError: null });
    mockDb.waybills = mockDb.waybills.map((item) => (item.number === next.number ? next : item));
    return HttpResponse.json(next, { headers: { ETag: `"${next.version}"` } });
  }),
];
