import type { AppContext } from './shared/context.js';
import { QUEUES } from './shared/jobs.js';
import { runExport } from './exports/report.js';
import { syncInvoice } from './invoices/sync.js';

/** Registers the background job handlers on this process. */
export async function startWorkers(ctx: AppContext): Promise<void> {
  const pollingIntervalSeconds = Math.max(0.5, ctx.config.jobPollingSeconds);
  await ctx.jobs.boss.work<{ id: string }>(QUEUES.exportReport, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
    if (job) await runExport(ctx, job.data.id);
  });
  await ctx.jobs.boss.work<{ number: string }>(QUEUES.invoiceSync, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
    if (job) await syncInvoice(ctx, job.data.number);
  });
}
