import { http, HttpResponse, type HttpHandler } from 'msw';
import { LIMITS, REGISTRY_CODE_PATTERN, WORKER_LIST, normaliseWorkerName } from '@timberlog/contract';

import {
  type MockFieldErrors,
  listResponse,
  mockDb,
  notFound,
  referencedAnswer,
  schemaErrors,
  staffOnly,
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

/** Staff-only `/api/admin/workers`: list, create, edit, delete (refused while worklogs name the worker), as the server answers. */
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
    };
    mockDb.workers = [...mockDb.workers, worker];
    return HttpResponse.json(worker, { status: 201 });
  }),
  http.patch('*/api/admin/workers/:key', async ({ params, request }) => {
    const current = mockDb.workers.find((item) => item.workerName === params.key);
    if (!current) return notFound(request);
    const body = (await request.json()) as Partial<Worker>;
    const errors = schemaErrors(request, body, { company: COMPANY });
    if (errors.empty) checkCompany(errors, body.company);
    if (!errors.empty) return errors.answer();
    const company = body.company === undefined ? current.company : body.company;
    const next: Worker = { ...current, company, companyName: companyName(company), lastModifiedAt: now() };
    mockDb.workers = mockDb.workers.map((item) => (item.workerName === current.workerName ? next : item));
    return HttpResponse.json(next);
  }),
  http.delete('*/api/admin/workers/:key', ({ params, request }) => {
    const current = mockDb.workers.find((item) => item.workerName === params.key);
    if (!current) return notFound(request);
    const refused = referencedAnswer(request, [
      ['worklogs', mockDb.worklogs.filter((item) => item.workerName === current.workerName).length],
    ]);
    if (refused) return refused;
    mockDb.workers = mockDb.workers.filter((item) => item.workerName !== current.workerName);
    return new HttpResponse(null, { status: 204 });
  }),
];
