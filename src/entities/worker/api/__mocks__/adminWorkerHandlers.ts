import { http, HttpResponse, type HttpHandler } from 'msw';
import { WORKER_LIST } from '@timberlog/contract';

import { fieldErrors, listResponse, message, mockCaller, mockDb, nonFieldError, notFound, requestLocale } from '@/shared/mock-db';

import type { Worker } from '../workerApi';

// The server's texts for the admin answers (server/src/shared/i18n.ts, server/src/admin/routes.ts).
const TEXTS = {
  en: { referenced: 'Cannot delete: referred to by {list}.', exists: 'A record with this key already exists.', noun: 'worklogs' },
  et: { referenced: 'Ei saa kustutada: sellele viitavad {list}.', exists: 'Selle võtmega kirje on juba olemas.', noun: 'töölogi' },
} as const;

const forbidden = (request: Request) => HttpResponse.json({ detail: message(request, 'auth.permissionDenied') }, { status: 403 });
const now = () => new Date().toISOString();
const companyName = (code: string | null | undefined) => (code ? (mockDb.companies.find((item) => item.registryCode === code)?.name ?? null) : null);

/** Staff-only `/api/admin/workers`: list, create, edit, delete (refused while worklogs name the worker). */
export const adminWorkerHandlers: readonly HttpHandler[] = [
  http.all('*/api/admin/workers*', ({ request }) => (mockCaller(request).isStaff ? undefined : forbidden(request))),
  http.get('*/api/admin/workers', ({ request }) => listResponse(request, WORKER_LIST, mockDb.workers)),
  http.post('*/api/admin/workers', async ({ request }) => {
    const body = (await request.json()) as Partial<Worker>;
    const name = String(body.workerName ?? '').trim().replace(/\s+/g, ' ');
    const errors: Record<string, string[]> = {};
    if (!name) errors.workerName = [message(request, 'field.blank')];
    else if (mockDb.workers.some((item) => item.workerName === name)) errors.workerName = [TEXTS[requestLocale(request)].exists];
    if (body.company && companyName(body.company) === null) errors.company = [message(request, 'ref.unknownCompany', { value: body.company })];
    if (Object.keys(errors).length > 0) return fieldErrors(errors);
    const at = now();
    const worker: Worker = { workerName: name, company: body.company ?? null, companyName: companyName(body.company), worklogCount: 0, lastWorklogAt: null, createdAt: at, lastModifiedAt: at };
    mockDb.workers = [...mockDb.workers, worker];
    return HttpResponse.json(worker, { status: 201 });
  }),
  http.patch('*/api/admin/workers/:key', async ({ params, request }) => {
    const current = mockDb.workers.find((item) => item.workerName === params.key);
    if (!current) return notFound(request);
    const body = (await request.json()) as Partial<Worker>;
    if (body.company && companyName(body.company) === null) return fieldErrors({ company: [message(request, 'ref.unknownCompany', { value: body.company })] });
    const company = body.company === undefined ? current.company : body.company;
    const next: Worker = { ...current, company, companyName: companyName(company), lastModifiedAt: now() };
    mockDb.workers = mockDb.workers.map((item) => (item.workerName === current.workerName ? next : item));
    return HttpResponse.json(next);
  }),
  http.delete('*/api/admin/workers/:key', ({ params, request }) => {
    const current = mockDb.workers.find((item) => item.workerName === params.key);
    if (!current) return notFound(request);
    const texts = TEXTS[requestLocale(request)];
    const used = mockDb.worklogs.filter((item) => item.workerName === current.workerName).length;
    if (used > 0) return nonFieldError(texts.referenced.replace('{list}', `${used} ${texts.noun}`));
    mockDb.workers = mockDb.workers.filter((item) => item.workerName !== current.workerName);
    return new HttpResponse(null, { status: 204 });
  }),
];
