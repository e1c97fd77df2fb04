import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';

export const QUEUES = { exportReport: 'export-report', invoiceSync: 'invoice-sync' } as const;

export interface Jobs {
  boss: PgBoss;
  sendExport(id: string): Promise<void>;
  sendInvoiceSync(number: string): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss on the app's database: jobs survive restarts and are shared by every process. */
export async function createJobs(connectionString: string, log: FastifyBaseLogger): Promise<Jobs> {
  const boss = new PgBoss({ connectionString, max: 4, schedule: false });
  boss.on('error', (err: Error & { code?: string }) => {
    // 57P01: PostgreSQL is shutting down (Ctrl-C stops it alongside us); nothing to report.
    if (err.code !== '57P01') log.error({ err: { message: err.message, code: err.code } }, 'job queue error');
  });
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, { name, retryLimit: 2, retryDelay: 5, expireInSeconds: 3600 });
  }
  return {
    boss,
    async sendExport(id) {
      await boss.send(QUEUES.exportReport, { id });
    },
    async sendInvoiceSync(number) {
      await boss.send(QUEUES.invoiceSync, { number }, { retryLimit: 0 });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}
