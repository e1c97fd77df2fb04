import { sql } from 'kysely';
import type { DB, InvoiceLine } from '../shared/db.js';
import { hashPassword } from '../users/rules.js';
import { WORKLOG_ACTIONS } from '@timberlog/contract';
import {
  ASSORTMENTS, ASSORTMENT_TYPES, COMPANY_NAMES, DEMO_USERS, FIRST_NAMES, LAST_NAMES, ORIGIN_SITES, STREETS, WAYBILL_NOTES, WORKLOG_NOTES,
} from './data.js';

/** Small, fast, seedable PRNG (mulberry32): the same seed gives the same demo data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

const DAY = 86400_000;
const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
const iso = (ms: number) => new Date(ms).toISOString();
const dateOf = (ms: number) => iso(ms).slice(0, 10);
const pad = (n: number) => String(n).padStart(6, '0');

async function insertChunks<T extends Record<string, unknown>>(db: DB, table: string, rows: T[], size = 1000) {
  for (let i = 0; i < rows.length; i += size) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await db.insertInto(table as any).values(rows.slice(i, i + size) as any).execute();
  }
}

/** Multiplies a 3-decimal quantity by a 2-decimal price, rounded half up to cents, in integers. */
function amountCents(quantity: string, price: string): number {
  const milli = Math.round(Number(quantity) * 1000);
  const cents = Math.round(Number(price) * 100);
  return Math.floor((milli * cents + 500) / 1000);
}
const money = (cents: number) => (cents / 100).toFixed(2);

export interface SeedOptions {
  waybills?: number;
  worklogs?: number;
  /** Last day of the demo period (YYYY-MM-DD); data spans the 180 days before it. */
  anchorDate?: string;
  seed?: number;
}

export async function isSeeded(db: DB): Promise<boolean> {
  const row = await db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  return (row?.n ?? 0) > 0;
}

/** Fills an empty database with realistic demo data (bulk inserts, one transaction). */
export async function seed(db: DB, opts: SeedOptions = {}): Promise<{ waybills: number; worklogs: number; invoices: number; pendingInvoices: string[] }> {
  const r = prng(opts.seed ?? 20261122);
  const anchor = Date.parse(`${opts.anchorDate ?? process.env.SEED_ANCHOR_DATE ?? '2026-11-20'}T00:00:00Z`);
  const start = anchor - 180 * DAY;
  const waybillCount = opts.waybills ?? 2000;
  const worklogCount = opts.worklogs ?? 5000;
  const hashes = await Promise.all([DEMO_USERS.staff.password, DEMO_USERS.user.password, DEMO_USERS.inactive.password, 'Vahetus-2026-kontor'].map(hashPassword));

  return db.transaction().execute(async (trx) => {
    const t0 = iso(start - 30 * DAY);
    await insertChunks(trx, 'users', [
      { email: DEMO_USERS.staff.email, name: DEMO_USERS.staff.name, passwordHash: hashes[0], isActive: true, isStaff: true, dateJoined: t0, createdAt: t0, lastModifiedAt: t0 },
      { email: DEMO_USERS.user.email, name: DEMO_USERS.user.name, passwordHash: hashes[1], isActive: true, isStaff: false, dateJoined: t0, createdAt: t0, lastModifiedAt: t0 },
      { email: DEMO_USERS.inactive.email, name: DEMO_USERS.inactive.name, passwordHash: hashes[2], isActive: false, isStaff: false, dateJoined: iso(anchor - 2 * DAY), createdAt: iso(anchor - 2 * DAY), lastModifiedAt: iso(anchor - 2 * DAY) },
      ...['Mari Mets', 'Jaan Jõgi', 'Piret Pärn', 'Hannes Ilves', 'Riina Rebane'].map((name, i) => {
        const at = iso(start + i * 9 * DAY);
        const [first, last] = name.split(' ');
        return { email: ascii(`${first}.${last}@timberlog.ee`).toLowerCase(), name, passwordHash: hashes[3], isActive: i !== 4, isStaff: i === 0, dateJoined: at, createdAt: at, lastModifiedAt: at };
      }),
    ]);
    const creators = [DEMO_USERS.staff.email, DEMO_USERS.user.email, 'mari.mets@timberlog.ee', 'jaan.jogi@timberlog.ee', 'piret.parn@timberlog.ee'];

    await insertChunks(trx, 'assortmentTypes', ASSORTMENT_TYPES.map((t, i) => ({ id: i + 1, name: t.name, description: t.description, createdAt: t0, lastModifiedAt: t0 })));
    await sql`SELECT setval('assortment_types_id_seq', ${ASSORTMENT_TYPES.length})`.execute(trx);
    await insertChunks(trx, 'assortments', ASSORTMENTS.map((a) => ({ code: a.code, name: a.name, assortmentType: a.type, species: a.species, unit: a.unit, unitPrice: a.price, isActive: a.active ?? true, createdAt: t0, lastModifiedAt: t0 })));

    const companies = COMPANY_NAMES.map((c, i) => {
      const registryCode = String(10_000_000 + ((i * 7_919_311 + 1_234_567) % 6_000_000) + 1_000_000).slice(0, 8);
      return {
        registryCode, name: c.name, vatNumber: `EE${String(100_000_000 + ((i * 48_271 + 777) % 900_000_000)).slice(0, 9)}`,
        address: `${r.pick(STREETS)} ${r.int(1, 60)}, ${c.town}`, email: `arved@${ascii(c.name.split(' ')[0]!).toLowerCase()}.ee`,
        isInvoiceCustomer: c.customer, createdAt: t0, lastModifiedAt: t0,
      };
    });
    await insertChunks(trx, 'companies', companies);
    const customers = companies.filter((c) => c.isInvoiceCustomer);
    const suppliers = companies.filter((c) => !c.isInvoiceCustomer);

    // Forest storage sites (origins), owned by the forest companies; mills, terminals and ports (destinations) by the customers.
    const warehouses: { id: number; name: string; company: string; originCode: string | null; destinationCode: string | null; address: string; createdAt: string; lastModifiedAt: string }[] = [];
    ORIGIN_SITES.forEach((site, i) => {
      warehouses.push({ id: warehouses.length + 1, name: `${site} forest storage`, company: suppliers[i % suppliers.length]!.registryCode, originCode: `${ascii(site).slice(0, 3)}-${String(i + 1).padStart(2, '0')}`, destinationCode: null, address: `${site}, roadside stack area`, createdAt: t0, lastModifiedAt: t0 });
    });
    const kinds = ['sawmill', 'terminal', 'port', 'CHP plant', 'pulp yard'];
    customers.forEach((c, i) => {
      const kind = kinds[i % kinds.length]!;
      const town = COMPANY_NAMES.find((n) => n.name === c.name)!.town;
      // Terminals reload timber onto ships and trains, so they also act as origins.
      const alsoOrigin = kind === 'terminal' || kind === 'port';
      warehouses.push({ id: warehouses.length + 1, name: `${town} ${kind}`, company: c.registryCode, originCode: alsoOrigin ? `T-${ascii(town).slice(0, 3)}` : null, destinationCode: `D-${ascii(town).slice(0, 3)}-${String(i + 1).padStart(2, '0')}`, address: c.address, createdAt: t0, lastModifiedAt: t0 });
    });
    await insertChunks(trx, 'warehouses', warehouses);
    await sql`SELECT setval('warehouses_id_seq', ${warehouses.length})`.execute(trx);
    const origins = warehouses.filter((w) => w.originCode);
    const destinations = warehouses.filter((w) => w.destinationCode);

    const drivers = Array.from({ length: 30 }, () => `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`);
    const vehicles = Array.from({ length: 24 }, () => `${r.int(100, 999)} ${String.fromCharCode(65 + r.int(0, 25), 65 + r.int(0, 25), 65 + r.int(0, 25))}`);
    const activeAssortments = ASSORTMENTS.filter((a) => a.active !== false);

    type Wb = { number: string; status: string; transportDate: string; origin: string; destination: string; destinationCompany: string; driverName: string; vehicleNumber: string; mileage: number; assortment: string; quantity: string; invoice: string | null; notes: string; createdBy: string; createdAt: string; lastModifiedAt: string; _ms: number };
    const waybills: Wb[] = [];
    for (let i = 0; i < waybillCount; i++) {
      const ms = start + Math.floor((i / waybillCount) * 180 * DAY) + r.int(0, 12) * 3600_000;
      const age = (anchor - ms) / DAY;
      let status: string;
      const roll = r.next();
      if (age < 5) status = roll < 0.45 ? 'draft' : roll < 0.85 ? 'confirmed' : roll < 0.95 ? 'delivered' : 'cancelled';
      else if (age < 20) status = roll < 0.08 ? 'draft' : roll < 0.2 ? 'confirmed' : roll < 0.93 ? 'delivered' : 'cancelled';
      else status = roll < 0.02 ? 'draft' : roll < 0.05 ? 'confirmed' : roll < 0.94 ? 'delivered' : 'cancelled';
      const dest = r.pick(destinations);
      const origin = r.pick(origins.filter((o) => o.id !== dest.id));
      const a = r.pick(activeAssortments);
      const quantity = a.unit === 't' ? (r.int(14_000, 28_000) / 1000).toFixed(3) : (r.int(18_000, 44_000) / 1000).toFixed(3);
      const createdAt = iso(ms - r.int(1, 48) * 3600_000);
      waybills.push({
        number: `W-${new Date(ms).getUTCFullYear()}-${pad(i + 1)}`, status, transportDate: dateOf(ms), origin: origin.originCode!, destination: dest.destinationCode!,
        destinationCompany: dest.company, driverName: r.pick(drivers), vehicleNumber: r.pick(vehicles), mileage: r.int(18, 380), assortment: a.code, quantity,
        invoice: null, notes: r.pick(WAYBILL_NOTES), createdBy: r.pick(creators), createdAt, lastModifiedAt: iso(Date.parse(createdAt) + r.int(0, 72) * 3600_000), _ms: ms,
      });
    }

    // Invoice most delivered waybills of invoice customers older than a week, a few at a time.
    const priceOf = new Map(ASSORTMENTS.map((a) => [a.code, a]));
    const invoiceable = new Map<string, Wb[]>();
    for (const w of waybills) {
      if (w.status !== 'delivered' || (anchor - w._ms) / DAY < 7 || !customers.some((c) => c.registryCode === w.destinationCompany) || r.chance(0.12)) continue;
      const list = invoiceable.get(w.destinationCompany) ?? [];
      list.push(w);
      invoiceable.set(w.destinationCompany, list);
    }
    const invoices: Record<string, unknown>[] = [];
    let invoiceSeq = 0;
    let failedGiven = false;
    for (const [customer, list] of invoiceable) {
      for (let i = 0; i < list.length; ) {
        const size = r.int(3, 12);
        const group = list.slice(i, i + size);
        i += size;
        invoiceSeq++;
        const lastMs = Math.max(...group.map((w) => w._ms));
        const issueMs = Math.min(anchor, lastMs + r.int(1, 6) * DAY);
        const number = `I-${new Date(issueMs).getUTCFullYear()}-${pad(invoiceSeq)}`;
        const byAssortment = new Map<string, number>();
        for (const w of group) byAssortment.set(w.assortment, (byAssortment.get(w.assortment) ?? 0) + Math.round(Number(w.quantity) * 1000));
        const lines: InvoiceLine[] = [...byAssortment.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([code, milli]) => {
          const a = priceOf.get(code)!;
          const quantity = (milli / 1000).toFixed(3);
          return { assortment: code, assortmentName: a.name, quantity, unit: a.unit, unitPrice: a.price, amount: money(amountCents(quantity, a.price)) };
        });
        const net = lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0);
        const vat = Math.floor((net * 24 + 50) / 100);
        let status = 'synced';
        if (!failedGiven && (anchor - issueMs) / DAY < 20) {
          status = 'sync_failed';
          failedGiven = true;
        }
        const createdAt = iso(issueMs + 9 * 3600_000);
        invoices.push({
          number, status, customer, issueDate: dateOf(issueMs), dueDate: dateOf(issueMs + 14 * DAY), currency: 'EUR', lines: JSON.stringify(lines),
          netTotal: money(net), vatRate: '24.00', vatTotal: money(vat), grossTotal: money(net + vat),
          syncError: status === 'sync_failed' ? 'Accounting system answered 503: service temporarily unavailable' : null,
          syncAttempts: status === 'pending_sync' ? 0 : 1, syncedAt: status === 'synced' ? iso(issueMs + 9 * 3600_000 + 40_000) : null,
          externalId: status === 'synced' ? `MERIT-${100_000 + invoiceSeq}` : null, createdBy: r.pick(creators), createdAt, lastModifiedAt: createdAt,
        });
        for (const w of group) {
          w.status = 'invoiced';
          w.invoice = number;
          w.lastModifiedAt = createdAt;
        }
      }
    }
    // The newest few await their sync (the caller queues their jobs).
    const newest = [...invoices].filter((i) => i.status === 'synced').sort((a, b) => String(b.issueDate).localeCompare(String(a.issueDate)) || String(b.number).localeCompare(String(a.number)));
    for (const inv of newest.slice(0, 3)) Object.assign(inv, { status: 'pending_sync', syncAttempts: 0, syncedAt: null, externalId: null });
    await insertChunks(trx, 'invoices', invoices, 500);
    await insertChunks(trx, 'waybills', waybills.map(({ _ms: _unused, ...w }) => w));

    // Workers belong to the company whose warehouses they work at.
    const workerPool = Array.from({ length: 40 }, (_, i) => ({ name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i * 7) % LAST_NAMES.length]}`, home: warehouses[(i * 5) % warehouses.length]! }));
    const uniqueWorkers = [...new Map(workerPool.map((w) => [w.name, w])).values()];
    const byDestination = new Map<string, Wb[]>();
    for (const w of waybills) if (w.status !== 'draft' && w.status !== 'cancelled') (byDestination.get(w.destination) ?? byDestination.set(w.destination, []).get(w.destination)!).push(w);
    const worklogs: Record<string, unknown>[] = [];
    for (let i = 0; i < worklogCount; i++) {
      const worker = r.pick(uniqueWorkers);
      const warehouse = r.chance(0.75) ? worker.home : r.pick(warehouses);
      const ms = start + Math.floor((i / worklogCount) * 180 * DAY) + r.int(6, 20) * 3600_000 + r.int(0, 59) * 60_000;
      const action = WORKLOG_ACTIONS[i % WORKLOG_ACTIONS.length]!;
      const withGoods = action !== 'arrival' && action !== 'departure';
      const candidates = warehouse.destinationCode ? byDestination.get(warehouse.destinationCode) : undefined;
      const waybill = (action === 'arrival' || action === 'unloading' || action === 'measuring') && candidates?.length && r.chance(0.6) ? r.pick(candidates) : null;
      const a = waybill ? priceOf.get(waybill.assortment)! : r.pick(activeAssortments);
      worklogs.push({
        number: `L-${new Date(ms).getUTCFullYear()}-${pad(i + 1)}`, timestamp: iso(ms), action, warehouse: warehouse.id, workerName: worker.name,
        assortment: withGoods || waybill ? a.code : null, quantity: withGoods ? (waybill ? waybill.quantity : (r.int(5_000, 40_000) / 1000).toFixed(3)) : null,
        waybill: waybill?.number ?? null, durationMinutes: action === 'arrival' || action === 'departure' ? r.int(2, 20) : r.int(10, 240),
        notes: r.pick(WORKLOG_NOTES), createdBy: r.pick(creators), createdAt: iso(ms + 600_000), lastModifiedAt: iso(ms + 600_000),
      });
    }
    await insertChunks(trx, 'workers', uniqueWorkers.map((w) => ({ workerName: w.name, company: w.home.company, createdAt: t0, lastModifiedAt: t0 })));
    await insertChunks(trx, 'worklogs', worklogs, 1000);
    await sql`UPDATE workers k SET worklog_count = s.n, last_worklog_at = s.last FROM (SELECT worker_name, count(*) AS n, max(timestamp) AS last FROM worklogs GROUP BY worker_name) s WHERE s.worker_name = k.worker_name`.execute(trx);
    await sql`SELECT setval('waybill_number_seq', ${waybillCount}), setval('worklog_number_seq', ${worklogCount}), setval('invoice_number_seq', ${Math.max(1, invoiceSeq)})`.execute(trx);
    return {
      waybills: waybills.length, worklogs: worklogs.length, invoices: invoices.length,
      pendingInvoices: invoices.filter((i) => i.status === 'pending_sync').map((i) => String(i.number)),
    };
  });
}
