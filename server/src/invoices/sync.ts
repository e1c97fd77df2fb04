import path from 'node:path';
import { sql } from 'kysely';
import type { AppContext } from '../shared/context.js';
import { invoiceSpec } from './queries.js';
import { privateDir, privateFile } from '../shared/private-files.js';

export interface AccountingConnector {
  /** Pushes one invoice; returns the accounting system's id for it. */
  push(invoice: Record<string, unknown>): Promise<string>;
}

/** HTTP connector when ACCOUNTING_SYNC_URL is set, otherwise a local outbox folder of JSON files. */
export function createConnector(ctx: AppContext): AccountingConnector {
  const url = ctx.config.accountingSyncUrl;
  if (url) {
    return {
      async push(invoice) {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(invoice),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await res.text();
        if (!res.ok) throw new Error(`Accounting system answered ${res.status}: ${text.slice(0, 300)}`);
        let id: unknown;
        try {
          const json = JSON.parse(text) as Record<string, unknown>;
          id = json.id ?? json.externalId;
        } catch {
          id = undefined;
        }
        return typeof id === 'string' || typeof id === 'number' ? String(id) : `ACC-${String(invoice.number)}`;
      },
    };
  }
  const dir = path.join(ctx.config.dataDir, 'accounting-outbox');
  return {
    async push(invoice) {
      await privateDir(dir);
      await privateFile(path.join(dir, `${String(invoice.number)}.json`), JSON.stringify(invoice, null, 2));
      return `LOCAL-${String(invoice.number)}`;
    },
  };
}

/** Runs one sync attempt: `pending_sync` → `synced` or `sync_failed` (with the reason). */
export async function syncInvoice(ctx: AppContext, number: string): Promise<void> {
  const res = await sql<Record<string, unknown>>`SELECT ${invoiceSpec.select} FROM ${invoiceSpec.from} WHERE i.number = ${number}`.execute(ctx.db);
  const invoice = res.rows[0];
  if (!invoice || invoice.status !== 'pending_sync') return;
  try {
    const externalId = await createConnector(ctx).push(invoice);
    await ctx.db.updateTable('invoices')
      .set({ status: 'synced', externalId, syncedAt: new Date(), syncError: null, syncAttempts: sql`sync_attempts + 1`, lastModifiedAt: new Date() })
      .where('number', '=', number).where('status', '=', 'pending_sync').execute();
  } catch (err) {
    const message = err instanceof Error ? (err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message) : String(err);
    await ctx.db.updateTable('invoices')
      .set({ status: 'sync_failed', syncError: message.slice(0, 1000), syncAttempts: sql`sync_attempts + 1`, lastModifiedAt: new Date() })
      .where('number', '=', number).where('status', '=', 'pending_sync').execute();
  }
}
