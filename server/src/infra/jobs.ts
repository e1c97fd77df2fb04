import PgBoss from 'pg-boss';
import { CompiledQuery, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';

export const QUEUES = {
  exportReport: 'export-report',
  invoiceSync: 'invoice-sync',
  accountMail: 'account-mail',
  batch: 'batch-work',
  evrSync: 'evr-sync',
} as const;

/** Mail about an account, written by a job so the request answers at once whether or not the account exists. */
export interface AccountMailJob {
  kind: 'reset' | 'verify' | 'signupExisting';
  email: string;
  locale: 'en' | 'et';
}

/** A kysely transaction (or database) that a job may be queued in. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Tx = Kysely<any>;

export interface Jobs {
  boss: PgBoss;
  /** Queues the export job; with `trx`, inside that transaction (queued only if it commits). */
  sendExport(id: string, trx?: Tx): Promise<void>;
  /** Queues the accounting sync of an invoice; with `trx`, inside that transaction. */
  sendInvoiceSync(number: string, trx?: Tx): Promise<void>;
  sendAccountMail(job: AccountMailJob): Promise<void>;
  /** Queues a batch job (a bulk action or an import, batch_jobs); with `trx`, inside that transaction. */
  sendBatch(id: string, trx?: Tx): Promise<void>;
  /**
   * Queues bringing EVR in line with a waybill (src/evr/sending.ts); with `trx`, inside that
   * transaction. `bulk`: one of many a bulk action queues, taken after the steps people make one
   * waybill at a time (EVR_PRIORITY).
   */
  sendEvr(number: string, trx?: Tx, opts?: { bulk?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

function inTransaction(trx: Tx | undefined): { db?: PgBoss.Db } {
  if (!trx) return {};
  return {
    db: {
      async executeSql(text, values) {
        const result = await trx.executeQuery(CompiledQuery.raw(text, values));
        return { rows: result.rows as unknown[] as never[] };
      },
    },
  };
}

/**
 * The order EVR's jobs are taken in (pg-boss hands out the highest first, then the oldest): a
 * waybill a person confirms or delivers goes to EVR before the rest of a bulk action's hundreds,
 * which one worker sends one after the other, so the truck at the gate does not wait for them.
 */
export const EVR_PRIORITY = { one: 10, bulk: 0 } as const;

export interface JobOptions {
  /** How long an export attempt may run before it is given up and retried (EXPORT_JOB_EXPIRE_SECONDS). */
  exportExpireSeconds: number;
}

/**
 * pg-boss on the app's database: jobs survive restarts and are shared by every process. Each job
 * is handed to one worker of one process at a time. Its schema, queues and the periodic
 * maintenance are safe to start from several processes at once: pg-boss takes an advisory lock,
 * and only one process runs each maintenance round.
 */
export async function createJobs(
  connectionString: string,
  log: FastifyBaseLogger,
  opts: JobOptions = { exportExpireSeconds: 900 },
): Promise<Jobs> {
  // Maintenance is what notices an attempt whose process died (kill -9, a lost machine) and
  // queues the retry: it runs often enough that such a job waits at most a third of its expiry more.
  const maintenanceIntervalSeconds = Math.min(120, Math.max(1, Math.floor(opts.exportExpireSeconds / 3)));
  const boss = new PgBoss({ connectionString, max: 4, schedule: false, maintenanceIntervalSeconds });
  boss.on('error', (err: Error & { code?: string }) => {
    // 57P01: PostgreSQL is shutting down (Ctrl-C stops it alongside us); nothing to report.
    if (err.code !== '57P01') log.error({ err: { message: err.message, code: err.code } }, 'job queue error');
  });
  await boss.start();
  // A job whose worker died (a restart, kill -9) is handed out again once it expires; the handlers
  // skip work that is already done and an export starts over, so a retry is harmless. The export's
  // expiry is set on each job (below), so a changed setting applies to a queue made before.
  await boss.createQueue(QUEUES.exportReport, {
    name: QUEUES.exportReport,
    retryLimit: 2,
    retryDelay: 5,
    expireInSeconds: opts.exportExpireSeconds,
  });
  await boss.createQueue(QUEUES.accountMail, { name: QUEUES.accountMail, retryLimit: 3, retryDelay: 30, expireInSeconds: 120 });
  await boss.createQueue(QUEUES.invoiceSync, { name: QUEUES.invoiceSync, retryLimit: 2, retryDelay: 10, expireInSeconds: 120 });
  // A batch is not retried by the queue: its handler marks it failed (an import wrote nothing; a
  // bulk action's rows each stand on their own), and the person asks again.
  await boss.createQueue(QUEUES.batch, { name: QUEUES.batch, retryLimit: 0, expireInSeconds: 900 });
  // EVR may be down a while: four more tries, 5 s apart and growing (5, 10, 20, 40 s), then the
  // waybill shows the failure and a person may send it again.
  await boss.createQueue(QUEUES.evrSync, {
    name: QUEUES.evrSync,
    retryLimit: 4,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 300,
  });
  return {
    boss,
    async sendExport(id, trx) {
      await boss.send(QUEUES.exportReport, { id }, { ...inTransaction(trx), expireInSeconds: opts.exportExpireSeconds });
    },
    async sendInvoiceSync(number, trx) {
      await boss.send(QUEUES.invoiceSync, { number }, inTransaction(trx));
    },
    async sendAccountMail(job) {
      await boss.send(QUEUES.accountMail, job);
    },
    async sendBatch(id, trx) {
      await boss.send(QUEUES.batch, { id }, inTransaction(trx));
    },
    async sendEvr(number, trx, opts = {}) {
      const priority = opts.bulk ? EVR_PRIORITY.bulk : EVR_PRIORITY.one;
      await boss.send(QUEUES.evrSync, { number }, { ...inTransaction(trx), priority });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}

/**
 * One worker on `queue` that takes the queue's jobs one after the other without waiting between
 * them: pg-boss 10 waits its polling interval after every fetch, found a job or not, so a worker
 * of one-job fetches runs at most one job an interval (a bulk confirmation of 1,000 waybills took
 * over eight minutes to reach EVR at 0.5 s). After a job it wakes itself (`notifyWorker`), so the
 * next is fetched at once; an empty fetch waits the interval as before.
 */
export async function workEach<T extends object>(
  boss: PgBoss,
  queue: string,
  options: { pollingIntervalSeconds: number; includeMetadata?: boolean },
  handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
): Promise<string> {
  // The worker may take its first job before work() answers its id.
  const self: { id?: string } = {};
  self.id = await boss.work<T>(queue, { ...options, batchSize: 1, includeMetadata: true }, async ([job]) => {
    if (!job) return;
    try {
      await handler(job);
    } finally {
      if (self.id) boss.notifyWorker(self.id);
    }
  });
  return self.id;
}
