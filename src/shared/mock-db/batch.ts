import { HttpResponse } from 'msw';

import type { Schema } from '@/shared/api';

import { onMockReset } from './db';
import { notFound } from './list';

type BatchJob = Schema<'BatchJob'>;

/**
 * The server's background jobs of many rows (server/src/batch/service.ts): bulk actions and imports
 * past the rows answered at once. A queued job is done when it is first polled.
 */
const jobs = new Map<string, { job: BatchJob; result: unknown }>();
let jobSequence = 0;
onMockReset(() => {
  jobs.clear();
  jobSequence = 0;
});

/** A batch job for stories: polled as it is given. */
export function mockBatchJob(job: Partial<BatchJob> = {}): BatchJob {
  jobSequence += 1;
  const stored: BatchJob = {
    id: `00000000-0000-4000-8000-${String(jobSequence).padStart(12, '0')}`,
    kind: 'bulk',
    state: 'running',
    progress: 40,
    total: 250,
    result: null,
    error: null,
    createdAt: new Date().toISOString(),
    finishedAt: null,
    ...job,
  };
  jobs.set(stored.id, { job: stored, result: stored.result });
  return stored;
}

/** The 202 of work done by a job: `result` is its answer once polled. */
export const queueBatchJob = (kind: BatchJob['kind'], total: number, result: unknown): Response => {
  const job = mockBatchJob({ kind, state: 'queued', progress: 0, total, result: null });
  jobs.set(job.id, { job, result });
  return HttpResponse.json(job, { status: 202 });
};

/** GET /api/batch-jobs/:id/. */
export const batchJobResponse = (request: Request, id: string): Response => {
  const stored = jobs.get(id);
  if (!stored) return notFound(request);
  if (stored.job.state === 'queued') {
    stored.job = { ...stored.job, state: 'done', progress: 100, result: stored.result, finishedAt: new Date().toISOString() };
  }
  return HttpResponse.json(stored.job);
};
