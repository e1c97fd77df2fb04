import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  evrEditProblems,
  evrReadiness,
  evrValueProblems,
  isValidDateTime,
  type EvrProblem,
  LIMITS,
  LOAD_LIMITS,
  QUANTITY_DECIMAL,
  WAYBILL_LIST,
  WAYBILL_STATUSES,
  canTransition,
  decimalProblem,
  exceedsLoadLimit,
  isWaybillCorrection,
  isWaybillDeletable,
  isWaybillEditable,
  UNIT_SYMBOLS,
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
  mockCaller,
  mockDb,
  mockReportResponse,
  mockWaybill,
  NO_EVR,
  nextNumber,
  nonFieldError,
  notFound,
  versionConflict,
  type MessageKey,
} from '@/shared/mock-db';

import type { Waybill, WaybillCreate, WaybillPatch, WaybillStatus } from '../waybillApi';

const REQUIRED = ['transportDate', 'origin', 'destination', 'driverName', 'vehicleNumber', 'mileage', 'assortment', 'quantity'] as const;
/** The EVR fields that are text (or a date, a time, a decimal as text): empty text clears one. */
const EVR_TEXT_KEYS = [
  'ownerCompany',
  'ownerPersonName',
  'ownerPersonCode',
  'transporterCompany',
  'driverIdCode',
  'driverPhone',
  'trailerNumber',
  'departureTime',
  'grossMass',
  'holdingBasisType',
  'cadastralNumber',
  'compartment',
  'forestAllocationNumber',
  'forestNotificationNumber',
  'contractNumber',
  'contractDate',
  'previousOwnerName',
  'previousOwnerCode',
  'previousOwnerAddress',
  'eudrReferenceNumber',
  'eudrVerificationNumber',
] as const;
const EDIT_KEYS = [...REQUIRED, 'destinationCompany', 'notes', ...EVR_TEXT_KEYS, 'certificateClaims'] as const;
export type Fields = { -readonly [K in keyof WaybillCreate]?: WaybillCreate[K] };

const textParams = (params: EvrProblem['params']) => Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, String(v)]));

/** The server's EVR field checks (server/src/waybills/changes.ts): the contract's, on the values given. */
function checkEvrFields(fields: Fields, add: (name: string, key: MessageKey, params?: Record<string, string>) => void): void {
  const text = fields as Record<string, unknown>;
  for (const name of EVR_TEXT_KEYS) {
    const value = text[name];
    if (typeof value === 'string') text[name] = value.trim() === '' ? null : value.trim();
  }
  if (fields.certificateClaims)
    fields.certificateClaims = fields.certificateClaims.map((claim) => ({ code: claim.code, number: claim.number?.trim() || null }));
  if (typeof fields.departureTime === 'string') {
    if (!isValidDateTime(fields.departureTime)) return add('departureTime', 'field.format.date-time');
    fields.departureTime = new Date(fields.departureTime).toISOString();
  }
  for (const problem of evrValueProblems(fields)) add(problem.field, problem.key, textParams(problem.params));
  for (const name of ['ownerCompany', 'transporterCompany'] as const) {
    const code = fields[name];
    if (code && !mockDb.companies.some((item) => item.registryCode === code)) add(name, 'ref.unknownCompany', { value: code });
  }
  if (typeof fields.grossMass === 'string') {
    const problem = decimalProblem(fields.grossMass, QUANTITY_DECIMAL);
    if (problem) add('grossMass', problem.key, textParams(problem.params));
    else if (Number(fields.grossMass) > LIMITS.grossMassMax) add('grossMass', 'field.maximum', { limit: String(LIMITS.grossMassMax) });
    else fields.grossMass = decimalText(fields.grossMass, LIMITS.quantityMaxDecimals);
  }
}

/** The server's answer to a confirmation EVR would refuse: how many things are missing at the root, and each on its field. */
export function readinessErrors(request: Request, problems: readonly EvrProblem[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const problem of problems) (errors[problem.field] ??= []).push(message(request, problem.key, textParams(problem.params)));
  return { nonFieldErrors: [message(request, 'evr.notReady', { count: String(Object.keys(errors).length) })], ...errors };
}

/**
 * The server's field checks (server/src/waybills/routes.ts): blanks, references, a positive quantity
 * of at most one load of the assortment's unit (the edited waybill's assortment when not changed).
 */
export function checkFields(request: Request, body: Fields, current?: Waybill): { fields: Fields; errors: Record<string, string[]> } {
  const fields: Fields = { ...body };
  const errors: Record<string, string[]> = {};
  const add = (name: string, key: MessageKey, params?: Record<string, string | number>) =>
    (errors[name] ??= []).push(message(request, key, params));
  for (const name of ['driverName', 'vehicleNumber', 'origin', 'destination', 'assortment'] as const) {
    const value = fields[name];
    if (value === undefined) continue;
    fields[name] = value.trim();
    if (!fields[name]) add(name, 'field.blank');
  }
  if (fields.origin && !mockDb.warehouses.some((item) => item.originCode === fields.origin))
    add('origin', 'ref.unknownOrigin', { value: fields.origin });
  if (fields.destination) {
    const warehouse = mockDb.warehouses.find((item) => item.destinationCode === fields.destination);
    if (!warehouse) add('destination', 'ref.unknownDestination', { value: fields.destination });
    else if (!fields.destinationCompany) fields.destinationCompany = warehouse.company;
  }
  if (fields.destinationCompany && !mockDb.companies.some((item) => item.registryCode === fields.destinationCompany)) {
    add('destinationCompany', 'ref.unknownCompany', { value: fields.destinationCompany });
  }
  checkEvrFields(fields, add);
  if (fields.assortment) {
    const assortment = mockDb.assortments.find((item) => item.code === fields.assortment);
    if (!assortment) add('assortment', 'ref.unknownAssortment', { value: fields.assortment });
    else if (!assortment.isActive) add('assortment', 'ref.inactiveAssortment', { value: fields.assortment });
  }
  const assortmentCode = fields.assortment ?? current?.assortment;
  const unit = mockDb.assortments.find((item) => item.code === assortmentCode)?.unit;
  // Stored as numeric(…, 3): answered with three decimals.
  // The server's schema words for a quantity that is not one (a sign, decimals, digits), then its rules.
  const quantityProblem = typeof fields.quantity === 'string' ? decimalProblem(fields.quantity, QUANTITY_DECIMAL) : undefined;
  if (fields.quantity !== undefined) fields.quantity = decimalText(String(fields.quantity), LIMITS.quantityMaxDecimals);
  if (quantityProblem) add('quantity', quantityProblem.key, quantityProblem.params);
  else if (fields.quantity !== undefined && !(Number(fields.quantity) > 0)) add('quantity', 'field.positive');
  else if (fields.quantity !== undefined && unit && exceedsLoadLimit(fields.quantity, unit)) {
    add('quantity', 'waybill.quantityOverLoad', { limit: String(LOAD_LIMITS[unit]), unit: UNIT_SYMBOLS[unit] });
  }
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
      createdBy: mockCaller(request).email,
      createdAt: now,
      lastModifiedAt: now,
    }),
  );
};

const find = (number: unknown) => mockDb.waybills.find((item) => item.number === number);
const hasErrors = (errors: Record<string, string[]>) => Object.keys(errors).length > 0;

/** PUT and PATCH: a status change by the transitions, edits only in an editable status, then the field checks. */
const update = (request: Request, number: unknown, body: WaybillPatch): Response => {
  const current = find(number);
  if (!current) return notFound(request);
  const stale = versionConflict(request, 'waybill', current.number, current);
  if (stale) return stale;
  if (body.status !== undefined && !WAYBILL_STATUSES.includes(body.status)) {
    return fieldErrors({ status: [message(request, 'field.enum', { value: String(body.status), choices: WAYBILL_STATUSES.join(', ') })] });
  }
  const from = current.status;
  const to: WaybillStatus | undefined = body.status !== undefined && body.status !== from ? body.status : undefined;
  // A correction (a move back only staff may make) needs a reason, which the history keeps.
  const correction = to !== undefined && isWaybillCorrection(from, to);
  if (to && !canTransition(from, to) && !correction) return fieldErrors({ status: [message(request, 'waybill.transition', { from, to })] });
  if (correction) {
    if (!mockCaller(request).isStaff) return HttpResponse.json({ detail: message(request, 'auth.permissionDenied') }, { status: 403 });
    if (!(body as { reason?: string }).reason?.trim()) return fieldErrors({ reason: [message(request, 'waybill.reasonRequired', { to })] });
  }
  const edits = EDIT_KEYS.filter((key) => body[key] !== undefined);
  if (edits.length > 0 && !isWaybillEditable(from)) return nonFieldError(message(request, 'waybill.notEditable', { status: from }));
  const { fields, errors } = checkFields(request, body, current);
  if (hasErrors(errors)) return fieldErrors(errors);
  // Confirming needs what EVR needs; a confirmed waybill's edits may not take away what it has.
  const status = to ?? from;
  if (status === 'confirmed' && ((to === 'confirmed' && from === 'draft') || (from === 'confirmed' && edits.length > 0))) {
    const merged = { ...current, ...Object.fromEntries(edits.map((key) => [key, fields[key]])) };
    const problems = from === 'draft' ? evrReadiness(merged) : evrEditProblems(current, merged);
    if (problems.length > 0) return fieldErrors(readinessErrors(request, problems));
  }
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
  http.get('*/api/waybills/', ({ request }) => listResponse(request, WAYBILL_LIST, mockDb.waybills)),
  http.post('*/api/waybills/waybill_report/', ({ request }) => mockReportResponse(request, 'waybill_report')),
  http.post('*/api/waybills/', async ({ request }) => {
    const body = (await request.json()) as Fields;
    const missing = REQUIRED.filter((name) => body[name] === undefined);
    if (missing.length > 0) return fieldErrors(Object.fromEntries(missing.map((name) => [name, [message(request, 'field.required')]])));
    const { fields, errors } = checkFields(request, body);
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
