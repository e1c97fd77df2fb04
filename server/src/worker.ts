import type { AppContext } from './infra/context.js';
import { QUEUES, workEach } from './infra/jobs.js';
import { runExport } from './exports/report.js';
import { REPORTS } from './reports.js';
import { syncInvoice } from './invoices/sync.js';
import { purgeRateLimits } from './auth/rate-limit.js';
import { sendAccountMail } from './users/account-mail.js';
import { failAbandonedExports, purgeOldReports } from './exports/service.js';
import type { AccountMailJob } from './infra/jobs.js';
import { registerBatchHandler, runBatchJob } from './batch/service.js';
import { runBulkJob } from './waybills/bulk.js';
import { importJobHandler } from './imports/importer.js';
import { waybillImport } from './waybills/import.js';
import { worklogImport } from './worklogs/import.js';
import { runEvrSync } from './evr/sending.js';
import { startEvrPolling } from './evr/poller.js';

/**
 * Removes spent or expired tokens and signed-out sessions, sign-ups never confirmed, old rate-limit counters and old
 * reports, and ends exports whose job was given up. Every instance runs it (on start and
 * hourly); running it twice at once is harmless: each step is a delete of what is
 * past its time, and files are removed with `force`.
 */
export async function purgeExpired(ctx: AppContext): Promise<void> {
  const now = new Date().toISOString();
  await ctx.db.deleteFrom('refreshTokens').where('expiresAt', '<', now).execute();
  // A signed-out session is kept only until the last of its access tokens has expired.
  await ctx.db.deleteFrom('endedSessions').where('expiresAt', '<', now).execute();
  await ctx.db.deleteFrom('passwordResetTokens').where('expiresAt', '<', now).execute();
  await ctx.db.deleteFrom('emailVerificationTokens').where('expiresAt', '<', now).execute();
  // Sign-ups never confirmed expire: nobody can hold an address (or a demo account's) for long.
  const signupCutoff = new Date(Date.now() - ctx.config.unverifiedSignupDays * 86400_000).toISOString();
  await ctx.db
    .deleteFrom('users')
    .where('emailVerifiedAt', 'is', null)
    .where('isActive', '=', false)
    .where('createdAt', '<', signupCutoff)
    .execute();
  await purgeRateLimits(ctx.db, ctx.config);
  await purgeOldReports(ctx);
  await failAbandonedExports(ctx);
}

/** How many EVR sendings one process runs at once. */
export const EVR_SYNC_WORKERS = 3;

/** Registers the background job handlers on this process. */
export async function startWorkers(ctx: AppContext): Promise<void> {
  const pollingIntervalSeconds = Math.max(0.5, ctx.config.jobPollingSeconds);
  // Several export workers, so one user's long report does not hold up everyone's. pg-boss 10 has
  // no concurrency option: each work() call is one worker, polling and running one job at a time.
  for (let i = 0; i < ctx.config.exportWorkers; i++) {
    await ctx.jobs.boss.work<{ id: string }>(
      QUEUES.exportReport,
      { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        // The queue gives an attempt up at its expiry (and retries it): stop writing then too.
        const signal = AbortSignal.timeout(Number(job.expireInSeconds) * 1000);
        await runExport(ctx, REPORTS, job.data.id, { signal, final: job.retryCount >= job.retryLimit, attempt: job.retryCount });
      },
    );
  }
  void purgeExpired(ctx).catch((err: unknown) => ctx.log.error({ err }, 'purge failed'));
  const timer = setInterval(() => void purgeExpired(ctx).catch(() => undefined), 3600_000);
  timer.unref();
  // Jobs many of which come at once (a bulk action's mails, syncs and EVR sendings) run one after another without a pause.
  await workEach<AccountMailJob>(ctx.jobs.boss, QUEUES.accountMail, { pollingIntervalSeconds }, (job) => sendAccountMail(ctx, job.data));
  await workEach<{ number: string }>(ctx.jobs.boss, QUEUES.invoiceSync, { pollingIntervalSeconds }, (job) =>
    syncInvoice(ctx, job.data.number),
  );
  // Several EVR workers, so one waybill's slow exchange (EVR may take up to EVR_TIMEOUT_MS to
  // answer) does not hold up everyone else's; jobs of one waybill still run one at a time (its lock).
  for (let i = 0; i < EVR_SYNC_WORKERS; i++)
    await workEach<{ number: string }>(ctx.jobs.boss, QUEUES.evrSync, { pollingIntervalSeconds }, (job) =>
      runEvrSync(ctx, job.data.number, { final: job.retryCount >= job.retryLimit }),
    );
  // What the others do to our waybills in EVR (one poller at a time across the servers).
  if (ctx.config.evrUrl) startEvrPolling(ctx, ctx.config.evrPollSeconds);
  registerBatchHandler('bulk', runBulkJob as never);
  registerBatchHandler('import', importJobHandler([waybillImport, worklogImport]));
  await ctx.jobs.boss.work<{ id: string }>(QUEUES.batch, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
    if (job) await runBatchJob(ctx, job.data.id);
  });
}
