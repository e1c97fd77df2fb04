import { sql, type Kysely } from 'kysely';
import { DOCUMENT_NUMBER, documentNumber } from '@timberlog/contract';
import type { Database } from '../infra/db.js';

const SEQUENCES = {
  waybillPrefix: 'waybill_number_seq',
  worklogPrefix: 'worklog_number_seq',
  invoicePrefix: 'invoice_number_seq',
} as const;

/**
 * The next number of a kind of document (`W-2026-000042`): the year of creation by the database's
 * clock, then the kind's sequence, which never restarts: a number is unique across years and
 * nothing waits on a per-year counter (docs/decisions/0010-document-numbers.md).
 */
export async function nextDocumentNumber(db: Kysely<Database>, kind: keyof typeof SEQUENCES): Promise<string> {
  const row = (
    await sql<{
      seq: string;
      year: number;
    }>`SELECT nextval(${SEQUENCES[kind]}::regclass)::text AS seq, extract(year FROM now())::int AS year`.execute(db)
  ).rows[0]!;
  return documentNumber(DOCUMENT_NUMBER[kind], row.year, Number(row.seq));
}
