import { http, HttpResponse, type HttpHandler } from 'msw';
import { LIMITS, REGISTRY_CODE_PATTERN, WORKER_LIST, normaliseWorkerName } from '@timberlog/contract';

import {
  type MockFieldErrors,
  adminRecordHandlers,
  changed,
  created,
  deleted,
  listResponse,
  mockDb,
  notFound,
  referencedAnswer,
  schemaErrors,
  staffOnly,
  versionConflict,
  withEtag,
  type FieldRule,
} from '@/shared/mock-db';

import type { Worker } from '../workerApi';

const now = () => new Date().toISOString();
const companyName = (code: string | null | undefined) =>
  code ? (mockDb.companies.find((item) => item.registryCode === code)?.name ?? null) : null;
const COMPANY: FieldRule = { maxLength: LIMITS.registryCodeLength, pattern: REGISTRY_CODE_PATTERN, nullable: true };

/** A company, when one is named, must exist. */
function checkCompany(errors: MockFieldErrors, code: string | null | undefined): void {
  if (code && companyName(code) === null) errors.add('company', 'ref.unknownCompany', { value: code });
}

const find = (key: string) => mockDb.workers.find((item) => item.workerName === key);

/** PUT and PATCH (the same fields, all optional): the body's schema, the record, its version, then the company. */
const update = async (request: Request, key: string): Promise<Response> => {
  const body = (await request.json()) as Partial<Worker>;
  const errors = schemaErrors(request, body, { company: COMPANY });
  if (!errors.empty) return errors.answer();
  const current = find(key);
  if (!current) return notFound(request);
  const stale = versionConflict(request, 'worker', current.workerName, current);
  if (stale) return stale;
  checkCompany(errors, body.company);
  if (!errors.empty) return errors.answer();
  if (body.company === undefined) return withEtag(current);
  // Only a change of name or company moves a worker's version (the database's trigger).
  if (body.company === current.company) {
    const touched = { ...current, lastModifiedAt: now() };
    mockDb.workers = mockDb.workers.map((item) => (item.workerName === current.workerName ? touched : item));
    return withEtag(touched);
  }
  const next = changed(request, 'worker', current.workerName, {
    ...current,
    company: body.company,
    companyName: companyName(body.company),
    lastModifiedAt: now(),
  });
  mockDb.workers = mockDb.workers.map((item) => (item.workerName === current.workerName ? next : item));
  return withEtag(next);
};

/**
 * Staff-only `/api/admin/workers`: list, create, read, edit, delete (refused while worklogs name
 * the worker), history; writes honour If-Match; as the server answers.
 */
export const adminWorkerHandlers: readonly HttpHandler[] = [
  http.all('*/api/admin/workers*', ({ request }) => staffOnly(request)),
  http.get('*/api/admin/workers', ({ request }) => listResponse(request, WORKER_LIST, mockDb.workers)),
  http.post('*/api/admin/workers', async ({ request }) => {
    const body = (await request.json()) as Partial<Worker>;
    const errors = schemaErrors(request, body, {
      workerName: { required: true, notEmpty: true, maxLength: LIMITS.nameMaxLength },
      company: COMPANY,
    });
    if (!errors.empty) return errors.answer();
    checkCompany(errors, body.company);
    const name = normaliseWorkerName(String(body.workerName));
    if (!name) errors.add('workerName', 'field.blank');
    else if (mockDb.workers.some((item) => item.workerName === name)) errors.add('workerName', 'admin.exists');
    if (!errors.empty) return errors.answer();
    const at = now();
    const worker: Worker = {
      workerName: name,
      company: body.company ?? null,
      companyName: companyName(body.company),
      worklogCount: 0,
      lastWorklogAt: null,
      createdAt: at,
      lastModifiedAt: at,
      version: 1,
    };
    created(request, 'worker', name);
    mockDb.workers = [...mockDb.workers, worker];
    return withEtag(worker, 201);
  }),
  ...adminRecordHandlers('workers', 'worker', find),
  http.put('*/api/admin/workers/:key', ({ params, request }) => update(request, String(params.key))),
  http.patch('*/api/admin/workers/:key', ({ params, request }) => update(request, String(params.key))),
  http.delete('*/api/admin/workers/:key', ({ params, request }) => {
    const current = find(String(params.key));
    if (!current) return notFound(request);
    const stale = versionConflict(request, 'worker', current.workerName, current);
    if (stale) return stale;
    const refused = referencedAnswer(request, [
      ['worklogs', mockDb.worklogs.filter((item) => item.workerName === current.workerName).length],
    ]);
    if (refused) return refused;
    deleted(request, 'worker', current.workerName);
    mockDb.workers = mockDb.workers.filter((item) => item.workerName !== current.workerName);
    return new HttpResponse(null, { status: 204 });
  }),
];
