import { demoIncoming, type DemoIncoming } from './incoming.ts';
import { DOCUMENT_NUMBER, INVOICE, WORKLOG_ACTIONS, documentNumber } from '../limits.ts';
import type { InvoiceStatus, InvoiceSyncFailure, Locale, Species, Unit, WaybillStatus, WorklogAction } from '../limits.ts';
import type { EvrProductGroup } from '../evr-products.ts';

import { fromScaled, invoiceTotals } from './decimal.ts';
import {
  type DemoWarehouseEvr,
  type DemoWaybillEvr,
  NO_EVR,
  NO_EVR_PLACE,
  PLACES,
  demoCadastre,
  demoClaims,
  demoEudr,
  demoIsikukood,
  lest97,
  pickBasis,
} from './evr.ts';
import { prng } from './prng.ts';
import {
  ASSORTMENTS,
  ASSORTMENT_TYPES,
  COMPANY_NAMES,
  DEMO_HAULIER,
  DEMO_USERS,
  FIRST_NAMES,
  LAST_NAMES,
  ORIGIN_SITES,
  STREETS,
  WAYBILL_NOTES,
  WORKLOG_NOTES,
} from './reference.ts';

// Records in the API's JSON shape (names joined in, flags computed), so the mocks can serve them
// as they are and the server's seed inserts their stored columns.
interface Stamped {
  createdAt: string;
  lastModifiedAt: string;
}
export interface DemoUser extends Stamped {
  email: string;
  name: string;
  isActive: boolean;
  isStaff: boolean;
  dateJoined: string;
  lastLogin: string | null;
  /** Demo accounts have confirmed their address (the server's column defaults to the time of insert). */
  emailVerified: boolean;
}
export interface DemoAssortmentType extends Stamped {
  id: number;
  name: string;
  nameEt: string | null;
  description: string;
  evrProductGroup: EvrProductGroup;
}
export interface DemoAssortment extends Stamped {
  code: string;
  name: string;
  assortmentType: number;
  assortmentTypeName: string;
  species: Species;
  unit: Unit;
  unitPrice: string;
  isActive: boolean;
}
export interface DemoCompany extends Stamped {
  registryCode: string;
  name: string;
  vatNumber: string;
  address: string;
  /** The address in EVR's parts (addEvrFields). */
  county: string | null;
  city: string | null;
  street: string | null;
  email: string;
  /** The language its invoices are mailed in; null: not known (none is, in the demo data). */
  language: Locale | null;
  isInvoiceCustomer: boolean;
  hasWorklogs: boolean;
}
export interface DemoWarehouse extends Stamped, DemoWarehouseEvr {
  id: number;
  name: string;
  nameEt: string | null;
  company: string;
  companyName: string;
  originCode: string | null;
  destinationCode: string | null;
  address: string;
  hasWorklogs: boolean;
}
export interface DemoWorker extends Stamped {
  workerName: string;
  company: string | null;
  companyName: string | null;
  worklogCount: number;
  lastWorklogAt: string | null;
}
export interface DemoWaybill extends Stamped, DemoWaybillEvr {
  number: string;
  status: WaybillStatus;
  transportDate: string;
  origin: string;
  originName: string;
  destination: string;
  destinationName: string;
  destinationCompany: string;
  destinationCompanyName: string;
  driverName: string;
  vehicleNumber: string;
  mileage: number;
  assortment: string;
  assortmentName: string;
  quantity: string;
  unit: Unit;
  invoice: string | null;
  notes: string;
  createdBy: string | null;
  /** The creator's name (what the server reads from the account). */
  createdByName: string | null;
}
export interface DemoWorklog extends Stamped {
  number: string;
  timestamp: string;
  action: WorklogAction;
  warehouse: number;
  warehouseName: string;
  warehouseCompany: string;
  warehouseCompanyName: string;
  workerName: string;
  assortment: string | null;
  assortmentName: string | null;
  quantity: string | null;
  waybill: string | null;
  durationMinutes: number;
  notes: string;
  createdBy: string | null;
  /** The creator's name (what the server reads from the account). */
  createdByName: string | null;
}
export interface DemoInvoiceLine {
  assortment: string;
  assortmentName: string;
  quantity: string;
  unit: Unit;
  unitPrice: string;
  amount: string;
}
export interface DemoInvoice extends Stamped {
  number: string;
  status: InvoiceStatus;
  customer: string;
  customerName: string;
  issueDate: string;
  dueDate: string;
  currency: typeof INVOICE.currency;
  lines: DemoInvoiceLine[];
  netTotal: string;
  vatRate: string;
  vatTotal: string;
  grossTotal: string;
  waybills: string[];
  syncError: string | null;
  syncFailure: InvoiceSyncFailure | null;
  syncAttempts: number;
  syncedAt: string | null;
  externalId: string | null;
  /** When it was last mailed to the customer, and where (none is, in the demo data). */
  sentAt: string | null;
  sentTo: string | null;
  createdBy: string | null;
  /** The creator's name (what the server reads from the account). */
  createdByName: string | null;
}

export interface DemoData {
  users: DemoUser[];
  /** Each user's password, by email (the server's seed hashes them). */
  passwords: Record<string, string>;
  assortmentTypes: DemoAssortmentType[];
  assortments: DemoAssortment[];
  companies: DemoCompany[];
  warehouses: DemoWarehouse[];
  workers: DemoWorker[];
  waybills: DemoWaybill[];
  worklogs: DemoWorklog[];
  invoices: DemoInvoice[];
  /** Loads in EVR addressed to the office's own company that others started (incoming waybills), as EVR keeps them. */
  incoming: DemoIncoming[];
  /** The last sequence number used per document kind: the next one assigned is one more. */
  sequences: { waybill: number; worklog: number; invoice: number };
}

export interface DemoDataOptions {
  waybills?: number;
  worklogs?: number;
  /** Last day of the demo period (YYYY-MM-DD); the data spans the 180 days before it. Never the clock. */
  anchorDate?: string;
  seed?: number;
}

/** The demo period's defaults: both the server's seed and the mocks use them unless told otherwise. */
export const DEMO_DEFAULTS = { waybills: 2000, worklogs: 5000, anchorDate: '2026-11-20', seed: 20261122 } as const;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
const iso = (ms: number) => new Date(ms).toISOString();
const dateOf = (ms: number) => iso(ms).slice(0, 10);
const yearOf = (ms: number) => new Date(ms).getUTCFullYear();
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Builds the demo data set: the same records for the same options, on any machine, any day. */
export function createDemoData(options: DemoDataOptions = {}): DemoData {
  const r = prng(options.seed ?? DEMO_DEFAULTS.seed);
  const anchor = Date.parse(`${options.anchorDate ?? DEMO_DEFAULTS.anchorDate}T00:00:00Z`);
  const start = anchor - 180 * DAY;
  const waybillCount = options.waybills ?? DEMO_DEFAULTS.waybills;
  const worklogCount = options.worklogs ?? DEMO_DEFAULTS.worklogs;
  const t0 = iso(start - 30 * DAY);
  const stamps = (at: string) => ({ createdAt: at, lastModifiedAt: at });

  const passwords: Record<string, string> = {};
  const users: DemoUser[] = [];
  const addUser = (email: string, name: string, password: string, isActive: boolean, isStaff: boolean, at: string) => {
    users.push({ email, name, isActive, isStaff, dateJoined: at, lastLogin: null, emailVerified: true, ...stamps(at) });
    passwords[email] = password;
  };
  addUser(DEMO_USERS.staff.email, DEMO_USERS.staff.name, DEMO_USERS.staff.password, true, true, t0);
  addUser(DEMO_USERS.user.email, DEMO_USERS.user.name, DEMO_USERS.user.password, true, false, t0);
  addUser(DEMO_USERS.inactive.email, DEMO_USERS.inactive.name, DEMO_USERS.inactive.password, false, false, iso(anchor - 2 * DAY));
  ['Mari Mets', 'Jaan Jõgi', 'Piret Pärn', 'Hannes Ilves', 'Riina Rebane'].forEach((name, i) => {
    const [first, last] = name.split(' ');
    addUser(ascii(`${first}.${last}@timberlog.ee`).toLowerCase(), name, 'Vahetus-2026-kontor', i !== 4, i === 0, iso(start + i * 9 * DAY));
  });
  const nameOf = new Map(users.map((user) => [user.email, user.name]));
  const createdBy = (email: string) => ({ createdBy: email, createdByName: nameOf.get(email) ?? null });
  const creators = [
    DEMO_USERS.staff.email,
    DEMO_USERS.user.email,
    'mari.mets@timberlog.ee',
    'jaan.jogi@timberlog.ee',
    'piret.parn@timberlog.ee',
  ];

  const assortmentTypes: DemoAssortmentType[] = ASSORTMENT_TYPES.map((t, i) => ({
    id: i + 1,
    name: t.name,
    nameEt: t.nameEt,
    description: t.description,
    evrProductGroup: t.evrProductGroup,
    ...stamps(t0),
  }));
  const assortments: DemoAssortment[] = ASSORTMENTS.map((a) => ({
    code: a.code,
    name: a.name,
    assortmentType: a.type,
    assortmentTypeName: assortmentTypes[a.type - 1]!.name,
    species: a.species,
    unit: a.unit,
    unitPrice: a.price,
    isActive: a.active ?? true,
    ...stamps(t0),
  }));
  const assortmentOf = new Map(assortments.map((a) => [a.code, a]));

  const companies: DemoCompany[] = COMPANY_NAMES.map((c, i) => ({
    registryCode: String(10_000_000 + ((i * 7_919_311 + 1_234_567) % 6_000_000) + 1_000_000).slice(0, 8),
    name: c.name,
    vatNumber: `EE${String(100_000_000 + ((i * 48_271 + 777) % 900_000_000)).slice(0, 9)}`,
    address: `${r.pick(STREETS)} ${r.int(1, 60)}, ${c.town}`,
    county: null,
    city: null,
    street: null,
    email: `arved@${ascii(c.name.split(' ')[0]!).toLowerCase()}.ee`,
    language: null,
    isInvoiceCustomer: c.customer,
    hasWorklogs: false,
    ...stamps(t0),
  }));
  const companyOf = new Map(companies.map((c) => [c.registryCode, c]));
  const customers = companies.filter((c) => c.isInvoiceCustomer);
  const suppliers = companies.filter((c) => !c.isInvoiceCustomer);

  // Forest storage sites (origins) belong to the forest companies; mills, terminals and ports (destinations) to the customers.
  const warehouses: DemoWarehouse[] = [];
  const addWarehouse = (
    [name, nameEt]: [string, string],
    company: DemoCompany,
    originCode: string | null,
    destinationCode: string | null,
    address: string,
  ) =>
    warehouses.push({
      id: warehouses.length + 1,
      name,
      nameEt,
      company: company.registryCode,
      companyName: company.name,
      originCode,
      destinationCode,
      address,
      hasWorklogs: false,
      ...NO_EVR_PLACE,
      ...stamps(t0),
    });
  ORIGIN_SITES.forEach((site, i) => {
    addWarehouse(
      [`${site} forest storage`, `${site} metsaladu`],
      suppliers[i % suppliers.length]!,
      `${ascii(site).slice(0, 3)}-${String(i + 1).padStart(2, '0')}`,
      null,
      `${site}, roadside stack area`,
    );
  });
  const kinds = ['sawmill', 'terminal', 'port', 'CHP plant', 'pulp yard'];
  const kindsEt = ['saeveski', 'terminal', 'sadam', 'koostootmisjaam', 'paberipuidu plats'];
  customers.forEach((c, i) => {
    const kind = kinds[i % kinds.length]!;
    const kindEt = kindsEt[i % kinds.length]!;
    const town = COMPANY_NAMES.find((n) => n.name === c.name)!.town;
    // Terminals reload timber onto ships and trains, so they also act as origins.
    const alsoOrigin = kind === 'terminal' || kind === 'port';
    addWarehouse(
      [`${town} ${kind}`, `${town} ${kindEt}`],
      c,
      alsoOrigin ? `T-${ascii(town).slice(0, 3)}` : null,
      `D-${ascii(town).slice(0, 3)}-${String(i + 1).padStart(2, '0')}`,
      c.address,
    );
  });
  const origins = warehouses.filter((w) => w.originCode);
  const destinations = warehouses.filter((w) => w.destinationCode);

  const drivers = Array.from({ length: 30 }, () => `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`);
  const vehicles = Array.from(
    { length: 24 },
    () => `${r.int(100, 999)} ${String.fromCharCode(65 + r.int(0, 25), 65 + r.int(0, 25), 65 + r.int(0, 25))}`,
  );
  const activeAssortments = assortments.filter((a) => a.isActive);

  const waybills: DemoWaybill[] = [];
  const waybillMs: number[] = [];
  for (let i = 0; i < waybillCount; i++) {
    const ms = start + Math.floor((i / waybillCount) * 180 * DAY) + r.int(0, 12) * HOUR;
    const age = (anchor - ms) / DAY;
    let status: WaybillStatus;
    const roll = r.next();
    if (age < 5) status = roll < 0.45 ? 'draft' : roll < 0.85 ? 'confirmed' : roll < 0.95 ? 'delivered' : 'cancelled';
    else if (age < 20) status = roll < 0.08 ? 'draft' : roll < 0.2 ? 'confirmed' : roll < 0.93 ? 'delivered' : 'cancelled';
    else status = roll < 0.02 ? 'draft' : roll < 0.05 ? 'confirmed' : roll < 0.94 ? 'delivered' : 'cancelled';
    const dest = r.pick(destinations);
    const origin = r.pick(origins.filter((o) => o.id !== dest.id));
    const a = r.pick(activeAssortments);
    const milli = a.unit === 't' ? r.int(14_000, 28_000) : r.int(18_000, 44_000);
    const createdMs = ms - r.int(1, 48) * HOUR;
    waybills.push({
      number: documentNumber(DOCUMENT_NUMBER.waybillPrefix, yearOf(ms), i + 1),
      status,
      transportDate: dateOf(ms),
      origin: origin.originCode!,
      originName: origin.name,
      destination: dest.destinationCode!,
      destinationName: dest.name,
      destinationCompany: dest.company,
      destinationCompanyName: dest.companyName,
      driverName: r.pick(drivers),
      vehicleNumber: r.pick(vehicles),
      mileage: r.int(18, 380),
      assortment: a.code,
      assortmentName: a.name,
      quantity: fromScaled(milli, 3),
      unit: a.unit,
      invoice: null,
      notes: r.pick(WAYBILL_NOTES),
      ...createdBy(r.pick(creators)),
      createdAt: iso(createdMs),
      lastModifiedAt: iso(createdMs + r.int(0, 72) * HOUR),
      ...NO_EVR,
    });
    waybillMs.push(ms);
  }

  // Invoice most delivered waybills of invoice customers older than a week, a few at a time.
  const invoiceable = new Map<string, DemoWaybill[]>();
  waybills.forEach((w, i) => {
    if (
      w.status !== 'delivered' ||
      (anchor - waybillMs[i]!) / DAY < 7 ||
      !companyOf.get(w.destinationCompany)!.isInvoiceCustomer ||
      r.chance(0.12)
    )
      return;
    const list = invoiceable.get(w.destinationCompany) ?? [];
    list.push(w);
    invoiceable.set(w.destinationCompany, list);
  });
  const msOf = new Map(waybills.map((w, i) => [w.number, waybillMs[i]!]));
  const invoices: DemoInvoice[] = [];
  let invoiceSeq = 0;
  let failedGiven = false;
  for (const [customer, list] of invoiceable) {
    for (let i = 0; i < list.length; ) {
      const group = list.slice(i, i + r.int(3, 12));
      i += group.length;
      invoiceSeq++;
      const lastMs = Math.max(...group.map((w) => msOf.get(w.number)!));
      const issueMs = Math.min(anchor, lastMs + r.int(1, 6) * DAY);
      const number = documentNumber(DOCUMENT_NUMBER.invoicePrefix, yearOf(issueMs), invoiceSeq);
      const totals = invoiceTotals(
        group.map((w) => ({ ...w, unitPrice: assortmentOf.get(w.assortment)!.unitPrice })),
        INVOICE.vatRateDefault,
      );
      let status: InvoiceStatus = 'synced';
      if (!failedGiven && (anchor - issueMs) / DAY < 20) {
        status = 'sync_failed';
        failedGiven = true;
      }
      const createdAt = iso(issueMs + 9 * HOUR);
      invoices.push({
        number,
        status,
        customer,
        customerName: companyOf.get(customer)!.name,
        issueDate: dateOf(issueMs),
        dueDate: dateOf(issueMs + INVOICE.paymentDays * DAY),
        currency: INVOICE.currency,
        ...totals,
        waybills: group.map((w) => w.number).sort(byText),
        syncError: status === 'sync_failed' ? 'Accounting system answered 503: service temporarily unavailable' : null,
        syncFailure: status === 'sync_failed' ? 'unavailable' : null,
        syncAttempts: 1,
        syncedAt: status === 'synced' ? iso(issueMs + 9 * HOUR + 40_000) : null,
        externalId: status === 'synced' ? `MERIT-${100_000 + invoiceSeq}` : null,
        sentAt: null,
        sentTo: null,
        ...createdBy(r.pick(creators)),
        createdAt,
        lastModifiedAt: createdAt,
      });
      for (const w of group) Object.assign(w, { status: 'invoiced', invoice: number, lastModifiedAt: createdAt });
    }
  }
  // The newest few await their sync (the server queues their jobs).
  const newest = invoices
    .filter((i) => i.status === 'synced')
    .sort((a, b) => byText(b.issueDate, a.issueDate) || byText(b.number, a.number));
  for (const inv of newest.slice(0, 3)) Object.assign(inv, { status: 'pending_sync', syncAttempts: 0, syncedAt: null, externalId: null });

  // Workers belong to the company whose warehouses they work at.
  const workerPool = Array.from({ length: 40 }, (_, i) => ({
    name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i * 7) % LAST_NAMES.length]}`,
    home: warehouses[(i * 5) % warehouses.length]!,
  }));
  const uniqueWorkers = [...new Map(workerPool.map((w) => [w.name, w])).values()];
  const byDestination = new Map<string, DemoWaybill[]>();
  for (const w of waybills) {
    if (w.status === 'draft' || w.status === 'cancelled') continue;
    const list = byDestination.get(w.destination) ?? [];
    list.push(w);
    byDestination.set(w.destination, list);
  }
  const worklogs: DemoWorklog[] = [];
  for (let i = 0; i < worklogCount; i++) {
    const worker = r.pick(uniqueWorkers);
    const warehouse = r.chance(0.75) ? worker.home : r.pick(warehouses);
    const ms = start + Math.floor((i / worklogCount) * 180 * DAY) + r.int(6, 20) * HOUR + r.int(0, 59) * 60_000;
    const action = WORKLOG_ACTIONS[i % WORKLOG_ACTIONS.length]!;
    const withGoods = action !== 'arrival' && action !== 'departure';
    const candidates = warehouse.destinationCode ? byDestination.get(warehouse.destinationCode) : undefined;
    const waybill =
      (action === 'arrival' || action === 'unloading' || action === 'measuring') && candidates?.length && r.chance(0.6)
        ? r.pick(candidates)
        : null;
    const a = waybill ? assortmentOf.get(waybill.assortment)! : r.pick(activeAssortments);
    const hasAssortment = withGoods || waybill !== null;
    worklogs.push({
      number: documentNumber(DOCUMENT_NUMBER.worklogPrefix, yearOf(ms), i + 1),
      timestamp: iso(ms),
      action,
      warehouse: warehouse.id,
      warehouseName: warehouse.name,
      warehouseCompany: warehouse.company,
      warehouseCompanyName: warehouse.companyName,
      workerName: worker.name,
      assortment: hasAssortment ? a.code : null,
      assortmentName: hasAssortment ? a.name : null,
      quantity: withGoods ? (waybill ? waybill.quantity : fromScaled(r.int(5_000, 40_000), 3)) : null,
      waybill: waybill?.number ?? null,
      durationMinutes: action === 'arrival' || action === 'departure' ? r.int(2, 20) : r.int(10, 240),
      notes: r.pick(WORKLOG_NOTES),
      ...createdBy(r.pick(creators)),
      ...stamps(iso(ms + 600_000)),
    });
  }
  const workers: DemoWorker[] = uniqueWorkers.map((w) => ({
    workerName: w.name,
    company: w.home.company,
    companyName: w.home.companyName,
    worklogCount: 0,
    lastWorklogAt: null,
    ...stamps(t0),
  }));
  const workerOf = new Map(workers.map((w) => [w.workerName, w]));
  const warehouseOf = new Map(warehouses.map((w) => [w.id, w]));
  for (const l of worklogs) {
    const worker = workerOf.get(l.workerName)!;
    worker.worklogCount++;
    if (worker.lastWorklogAt === null || l.timestamp > worker.lastWorklogAt) worker.lastWorklogAt = l.timestamp;
    const warehouse = warehouseOf.get(l.warehouse)!;
    warehouse.hasWorklogs = true;
    companyOf.get(warehouse.company)!.hasWorklogs = true;
  }

  addEvrFields(options.seed ?? DEMO_DEFAULTS.seed, companies, warehouses, waybills, waybillMs);

  return {
    users,
    passwords,
    assortmentTypes,
    assortments,
    companies,
    warehouses,
    workers,
    waybills,
    worklogs,
    invoices,
    incoming: demoIncoming(companies, anchor),
    sequences: { waybill: waybillCount, worklog: worklogCount, invoice: Math.max(1, invoiceSeq) },
  };
}

const FEMALE = new Set(['Kadri', 'Liis', 'Marju', 'Tiina', 'Ene']);
/** Carriers of the demo: the haulage companies among the forest companies. */
const CARRIERS = ['Kagu Metsavedu OÜ', 'Jõgeva Puiduvedu OÜ', 'Rapla Metsahooldus OÜ'];

/**
 * Fills the EVR fields of the demo's warehouses and waybills from a PRNG of their own. Places of
 * delivery get EVR codes; every waybill an owner, a carrier and a holding basis, most a claim and
 * EUDR numbers; a third of the recent drafts are still being filled in (no driver's code or
 * departure time), so the "Ready for EVR" checklist has something to say.
 */
function addEvrFields(seed: number, companies: DemoCompany[], warehouses: DemoWarehouse[], waybills: DemoWaybill[], waybillMs: number[]) {
  const e = prng(seed ^ 0x0e7a_2026);
  const companyOf = new Map(companies.map((c) => [c.registryCode, c]));
  // Each company's address in EVR's parts: the street from its address, the county and city of its town.
  for (const c of companies) {
    const [street, town] = c.address.split(',').map((part) => part.trim());
    const place = PLACES[town ?? ''];
    if (!place || !street) continue;
    c.county = place[2];
    c.city = place[3];
    c.street = street;
  }
  for (const w of warehouses) {
    const place = PLACES[w.name.split(' ')[0]!];
    if (!place) continue;
    const [lat, lon, county, city] = place;
    const { x, y } = lest97(lat + e.int(-300, 300) / 100_000, lon + e.int(-500, 500) / 100_000);
    w.county = county;
    w.city = city;
    w.street = w.destinationCode ? w.address.split(',')[0]! : `${w.name.split(' ')[0]} metsavaru`;
    w.coordX = x;
    w.coordY = y;
    if (w.destinationCode) w.evrPlaceCode = w.destinationCode.replace(/^D-/, 'TL-');
  }
  const carriers = companies.filter((c) => CARRIERS.includes(c.name));
  const haulier = companies.find((c) => c.name === DEMO_HAULIER)!;
  const drivers = new Map<string, { code: string; phone: string }>();
  const originOf = new Map(warehouses.filter((w) => w.originCode).map((w) => [w.originCode!, w]));
  const person = () => `${e.pick(['Ants', 'Mati', 'Heino', 'Aino', 'Vello', 'Maie'])} ${e.pick(['Kask', 'Saar', 'Lepp', 'Orav', 'Tamm'])}`;
  waybills.forEach((w, i) => {
    const ms = waybillMs[i]!;
    const year = new Date(ms).getUTCFullYear();
    let driver = drivers.get(w.driverName);
    if (!driver) {
      driver = {
        code: demoIsikukood(e, !FEMALE.has(w.driverName.split(' ')[0]!)),
        phone: `+372 5${e.int(100, 999)} ${e.int(1000, 9999)}`,
      };
      drivers.set(w.driverName, driver);
    }
    const origin = originOf.get(w.origin)!;
    const privateOwner = e.chance(0.12);
    const owner = privateOwner ? null : companyOf.get(origin.company)!;
    // The office carries every load itself (DEMO_HAULIER); the pick keeps the generator's sequence.
    e.pick(carriers);
    const carrier = haulier;
    const type = pickBasis(e);
    const tonnesPerUnit = w.unit === 't' ? 1 : 0.8;
    const gross = 17 + Number(w.quantity) * tonnesPerUnit;
    const contractMs = ms - e.int(10, 90) * 86_400_000;
    const withContract = type !== 'ForestNotice' && type !== 'WithoutForestNotice';
    const withPreviousOwner = type === 'SalesContract' || type === 'ContractForTransferOfCuttingRights';
    const pending = w.status === 'draft' && e.chance(0.35);
    const claims = demoClaims(e);
    const eudr = e.chance(0.6) ? demoEudr(e, year) : null;
    const previousName = person();
    Object.assign(w, {
      ownerCompany: owner?.registryCode ?? null,
      ownerCompanyName: owner?.name ?? null,
      ownerPersonName: privateOwner ? person() : null,
      ownerPersonCode: privateOwner ? demoIsikukood(e, e.chance(0.6)) : null,
      transporterCompany: carrier?.registryCode ?? null,
      transporterCompanyName: carrier?.name ?? null,
      driverIdCode: pending ? null : driver.code,
      driverPhone: driver.phone,
      trailerNumber: e.chance(0.8) ? `${e.int(10, 99)} ${String.fromCharCode(65 + e.int(0, 25), 65 + e.int(0, 25))}` : null,
      departureTime: pending ? null : new Date(ms - (ms % 86_400_000) + e.int(3, 8) * 3_600_000 + e.int(0, 3) * 900_000).toISOString(),
      grossMass: Math.min(gross, 60).toFixed(3),
      holdingBasisType: type,
      cadastralNumber: demoCadastre(e),
      compartment: `KV${e.int(1, 350)}`,
      forestAllocationNumber: String(e.int(1, 40)),
      forestNotificationNumber: type === 'ForestNotice' ? String(e.int(7_000_000, 7_999_999)) + String(year).slice(2) : null,
      contractNumber: withContract
        ? `${type === 'SalesContract' || type === 'ContractForTransferOfCuttingRights' ? 'MK' : 'AKT'}-${year}/${e.int(1, 480)}`
        : null,
      contractDate: withContract ? new Date(contractMs).toISOString().slice(0, 10) : null,
      previousOwnerName: withPreviousOwner ? previousName : null,
      previousOwnerCode: withPreviousOwner ? demoIsikukood(e, e.chance(0.5)) : null,
      previousOwnerAddress: withPreviousOwner ? `${e.pick(['Metsa', 'Kuuse', 'Männi'])} talu, ${origin.name.split(' ')[0]}` : null,
      certificateClaims: claims,
      eudrReferenceNumber: eudr?.eudrReferenceNumber ?? null,
      eudrVerificationNumber: eudr?.eudrVerificationNumber ?? null,
    } satisfies Partial<DemoWaybillEvr>);
  });
}
