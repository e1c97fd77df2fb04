import path from 'node:path';
import { sql } from 'kysely';
import type { InvoiceSyncFailure } from '@timberlog/contract';
import type { AppContext } from '../infra/context.js';
import { invoiceSpec } from './queries.js';
import { privateDir, privateFile } from '../infra/private-files.js';
import { loadInvoice, requireSeller } from '../documents/routes.js';
import { invoiceUbl } from './ubl.js';

/** The accounting system answered, but not with success: a 4xx refuses the invoice, anything else is the system failing. */
export class AccountingAnswered extends Error {
  constructor(
    public readonly status: number,
    text: string,
  ) {
    super(`Accounting system answered ${status}: ${text.slice(0, 300)}`);
  }
}

/**
 * The reason users are shown for a failed sync: no answer at all (connection refused, name not
 * found, timeout: fetch throws a TypeError "fetch failed", or the timeout's abort), an answer that
 * refused the invoice or reported a failure, or anything else (e.g. the outbox folder not writable).
 */
export function syncFailureOf(err: unknown): InvoiceSyncFailure {
  if (err instanceof AccountingAnswered) return err.status >= 400 && err.status < 500 ? 'rejected' : 'unavailable';
  if (
    err instanceof Error &&
    (err.name === 'TimeoutError' || err.name === 'AbortError' || (err instanceof TypeError && err.message === 'fetch failed'))
  )
    return 'unreachable';
  return 'failed';
}

export interface AccountingConnector {
  /**
   * Pushes one invoice, as our JSON or, with ACCOUNTING_SYNC_FORMAT=ubl, as the EN 16931 e-invoice
   * (`ubl`: its UBL 2.1 XML); returns the accounting system's id for it.
   */
  push(invoice: Record<string, unknown>, ubl?: string): Promise<string>;
}

/** HTTP connector when ACCOUNTING_SYNC_URL is set, otherwise a local outbox folder of JSON (or XML) files. */
export function createConnector(ctx: AppContext): AccountingConnector {
  const url = ctx.config.accountingSyncUrl;
  if (url) {
    return {
      async push(invoice, ubl) {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': ubl === undefined ? 'application/json' : 'application/xml' },
          body: ubl ?? JSON.stringify(invoice),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await res.text();
        if (!res.ok) throw new AccountingAnswered(res.status, text);
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
    async push(invoice, ubl) {
      await privateDir(dir);
      if (ubl !== undefined) await privateFile(path.join(dir, `${String(invoice.number)}.xml`), ubl);
      else await privateFile(path.join(dir, `${String(invoice.number)}.json`), JSON.stringify(invoice, null, 2));
      return `LOCAL-${String(invoice.number)}`;
    },
  };
}

/** The invoice as the e-invoice the accounting system takes with ACCOUNTING_SYNC_FORMAT=ubl. */
async function einvoiceOf(ctx: AppContext, number: string): Promise<string> {
  requireSeller(ctx.config);
  return invoiceUbl((await loadInvoice(ctx, number)).document, ctx.config.seller);
}

/** Runs one sync attempt: `pending_sync` → `synced` or `sync_failed` (with the reason). */
export async function syncInvoice(ctx: AppContext, number: string): Promise<void> {
  const res = await sql<Record<string, unknown>>`SELECT ${invoiceSpec.select} FROM ${invoiceSpec.from} WHERE i.number = ${number}`.execute(
    ctx.db,
  );
  const invoice = res.rows[0];
  if (!invoice || invoice.status !== 'pending_sync') return;
  try {
    const ubl = ctx.config.accountingSyncFormat === 'ubl' ? await einvoiceOf(ctx, number) : undefined;
    const externalId = await createConnector(ctx).push(invoice, ubl);
    await ctx.db
      .updateTable('invoices')
      .set({
        status: 'synced',
        externalId,
        syncedAt: new Date(),
        syncError: null,
        syncFailure: null,
        syncAttempts: sql`sync_attempts + 1`,
        lastModifiedAt: new Date(),
      })
      .where('number', '=', number)
      .where('status', '=', 'pending_sync')
      .execute();
  } catch (err) {
    const message =
      err instanceof Error ? (err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message) : String(err);
    const failure = syncFailureOf(err);
    // The raw error is for staff (the invoice's syncError) and the log; users see `failure`.
    ctx.log.warn({ invoice: number, failure, err: message }, 'accounting sync failed');
    await ctx.db
      .updateTable('invoices')
      .set({
        status: 'sync_failed',
        syncError: message.slice(0, 1000),
        syncFailure: failure,
        syncAttempts: sql`sync_attempts + 1`,
        lastModifiedAt: new Date(),
      })
      .where('number', '=', number)
      .where('status', '=', 'pending_sync')
      .execute();
  }
}
