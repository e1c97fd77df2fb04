import { sql } from 'kysely';
import type { DB } from '../infra/db.js';
import { hashPassword } from '../users/rules.js';
import { createDemoData, DEMO_DEFAULTS, incomingDocument, type DemoDataOptions } from '@timberlog/contract/demo-data';
import { keepIncoming } from '../evr/incoming.js';

async function insertChunks<T extends object>(db: DB, table: string, rows: T[], size = 1000) {
  for (let i = 0; i < rows.length; i += size) {
    /* eslint-disable @typescript-eslint/no-explicit-any -- one generic insert for every demo table */
    await db
      .insertInto(table as any)
      .values(rows.slice(i, i + size) as any)
      .execute();
    /* eslint-enable @typescript-eslint/no-explicit-any */
  }
}

export type SeedOptions = DemoDataOptions;

export async function isSeeded(db: DB): Promise<boolean> {
  const row = await db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  return (row?.n ?? 0) > 0;
}

/** The demo period's last day: SEED_ANCHOR_DATE, else the contract's default. */
export const seedAnchorDate = (): string => process.env.SEED_ANCHOR_DATE ?? DEMO_DEFAULTS.anchorDate;

/**
 * Fills an empty database with the contract's demo data (bulk inserts, one transaction): the same
 * records the web app's mocks serve. Only stored columns are inserted; names and flags the API
 * joins in or computes are left to the queries.
 */
export async function seed(
  db: DB,
  opts: SeedOptions = {},
): Promise<{ waybills: number; worklogs: number; invoices: number; pendingInvoices: string[] }> {
  const data = createDemoData({ ...opts, anchorDate: opts.anchorDate ?? seedAnchorDate() });
  // One hash per distinct password: argon2 is slow on purpose.
  const distinct = [...new Set(Object.values(data.passwords))];
  const hashes = new Map(await Promise.all(distinct.map(async (p) => [p, await hashPassword(p)] as const)));

  return db.transaction().execute(async (trx) => {
    await insertChunks(
      trx,
      'users',
      data.users.map((u) => ({
        email: u.email,
        name: u.name,
        passwordHash: hashes.get(data.passwords[u.email]!)!,
        isActive: u.isActive,
        isStaff: u.isStaff,
        dateJoined: u.dateJoined,
        lastLogin: u.lastLogin,
        createdAt: u.createdAt,
        lastModifiedAt: u.lastModifiedAt,
      })),
    );
    await insertChunks(trx, 'assortmentTypes', data.assortmentTypes);
    await sql`SELECT setval('assortment_types_id_seq', ${data.assortmentTypes.length})`.execute(trx);
    await insertChunks(
      trx,
      'assortments',
      data.assortments.map(({ assortmentTypeName: _name, ...a }) => a),
    );
    await insertChunks(
      trx,
      'companies',
      data.companies.map(({ hasWorklogs: _computed, ...c }) => c),
    );
    await insertChunks(
      trx,
      'warehouses',
      data.warehouses.map(({ companyName: _name, hasWorklogs: _computed, ...w }) => w),
    );
    await sql`SELECT setval('warehouses_id_seq', ${data.warehouses.length})`.execute(trx);
    await insertChunks(
      trx,
      'invoices',
      data.invoices.map(({ customerName: _name, waybills: _joined, createdByName: _cb, lines, ...i }) => ({
        ...i,
        lines: JSON.stringify(lines),
      })),
      500,
    );
    await insertChunks(
      trx,
      'waybills',
      data.waybills.map(
        ({
          originName: _o,
          destinationName: _d,
          destinationCompanyName: _c,
          assortmentName: _a,
          unit: _u,
          ownerCompanyName: _oc,
          transporterCompanyName: _tc,
          createdByName: _cb,
          certificateClaims,
          evrNotes,
          ...w
        }) => ({ ...w, certificateClaims: JSON.stringify(certificateClaims), evrNotes: JSON.stringify(evrNotes) }),
      ),
    );
    await insertChunks(
      trx,
      'workers',
      data.workers.map(({ companyName: _name, ...w }) => w),
    );
    await insertChunks(
      trx,
      'worklogs',
      data.worklogs.map(
        ({ warehouseName: _w, warehouseCompany: _c, warehouseCompanyName: _n, assortmentName: _a, createdByName: _cb, ...l }) => l,
      ),
    );
    // The loads others started to us in EVR, taken in as the poller takes them (evr/incoming.ts).
    await keepIncoming(trx, data.incoming.map(incomingDocument));
    const { waybill, worklog, invoice } = data.sequences;
    await sql`SELECT setval('waybill_number_seq', ${waybill}), setval('worklog_number_seq', ${worklog}), setval('invoice_number_seq', ${invoice})`.execute(
      trx,
    );
    return {
      waybills: data.waybills.length,
      worklogs: data.worklogs.length,
      invoices: data.invoices.length,
      pendingInvoices: data.invoices.filter((i) => i.status === 'pending_sync').map((i) => i.number),
    };
  });
}
