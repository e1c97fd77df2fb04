import { HttpResponse } from 'msw';

import type { Schema } from '../api';

import { EXPORT_FORMATS, type ExportFormat } from '@timberlog/contract';

import { mockCaller, mockDb } from './db';
import { mockExportRequest } from './fixtures';
import { fieldErrors } from './list';
import { message } from './messages';

let sequence = 0;

/** Stores a new export request for a report call, as the server does before its job starts. */
export function createMockExport(
  kind: Schema<'ExportRequest'>['kind'],
  format: Schema<'ExportRequest'>['format'],
  filters: Record<string, unknown>,
  requestedBy: string,
): Schema<'ExportRequest'> {
  sequence += 1;
  const now = new Date().toISOString();
  const request = mockExportRequest({
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    kind,
    format,
    filters,
    requestedBy,
    createdAt: now,
    lastModifiedAt: now,
  });
  mockDb.exportRequests.unshift(request);
  return request;
}

/** Answers a `*_report` call: the body's format is checked, the query string becomes the filters. */
export async function mockReportResponse(request: Request, kind: Schema<'ExportRequest'>['kind']): Promise<Response> {
  const { format } = (await request.json()) as { format?: unknown };
  if (format === undefined) return fieldErrors({ format: [message(request, 'field.required')] });
  if (!EXPORT_FORMATS.includes(format as ExportFormat)) {
    return fieldErrors({
      format: [
        message(request, 'field.enum', {
          value: typeof format === 'string' ? format.slice(0, 100) : JSON.stringify(format),
          choices: EXPORT_FORMATS.join(', '),
        }),
      ],
    });
  }
  const filters = Object.fromEntries(new URL(request.url).searchParams);
  return HttpResponse.json(createMockExport(kind, format as ExportFormat, filters, mockCaller(request).email), { status: 201 });
}

/** Each look at a running export moves it on by a quarter; the fourth finishes it with a file. */
export function advanceMockExports(origin: string): void {
  mockDb.exportRequests = mockDb.exportRequests.map((request) => {
    if (!request.inProgress) return request;
    const progress = Math.min(100, request.progress + 25);
    if (progress < 100) return { ...request, progress };
    const attachment = `${request.kind === 'waybill_report' ? 'waybills' : 'worklogs'}.${request.format}`;
    return {
      ...request,
      progress,
      inProgress: false,
      attachment,
      rowCount: request.kind === 'waybill_report' ? mockDb.waybills.length : mockDb.worklogs.length,
      fileUrl: `${origin}/api/export-requests/${request.id}/download_attachment/?token=mock`,
      completeTimestamp: new Date().toISOString(),
    };
  });
}
