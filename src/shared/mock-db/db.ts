import type { Schema } from '../api';

import {
  mockAssortment,
  mockAssortmentType,
  mockCompany,
  mockExportRequest,
  mockInvoice,
  mockWarehouse,
  mockWaybill,
  mockWorker,
  mockWorklog,
} from './fixtures';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The one in-memory data set behind every mock handler (Storybook, Jest and the mock mode). */
export interface MockDb {
  assortmentTypes: Schema<'AssortmentType'>[];
  assortments: Schema<'Assortment'>[];
  companies: Schema<'Company'>[];
  warehouses: Schema<'Warehouse'>[];
  workers: Schema<'Worker'>[];
  waybills: Schema<'Waybill'>[];
  worklogs: Schema<'Worklog'>[];
  invoices: Schema<'Invoice'>[];
  exportRequests: Schema<'ExportRequest'>[];
}

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 5, 8, 0, 0);
const at = (days: number, hours = 0) => new Date(START + days * DAY_MS + hours * 3_600_000).toISOString();
const pad = (value: number) => String(value).padStart(4, '0');

const WAYBILL_STATUSES: readonly Schema<'Waybill'>['status'][] = ['draft', 'confirmed', 'delivered', 'delivered', 'cancelled'];
const WORKLOG_ACTIONS: readonly Schema<'Worklog'>['action'][] = [
  'arrival',
  'loading',
  'unloading',
  'measuring',
  'sorting',
  'departure',
];
const DRIVERS = ['Peeter Kask', 'Andres Mägi', 'Kristjan Lepp', 'Tiit Saar'];

/** Builds the deterministic demo data: the same records on every reset. */
export function createSeed(): MockDb {
  const assortmentTypes = [
    mockAssortmentType({ id: 1, name: 'Sawlogs', description: 'Logs for sawmills' }),
    mockAssortmentType({ id: 2, name: 'Pulpwood', description: 'Wood for pulp and paper' }),
    mockAssortmentType({ id: 3, name: 'Energy wood', description: 'Firewood and chips' }),
  ];
  const assortments = [
    mockAssortment({ code: 'SPR-SAW', name: 'Spruce sawlog', assortmentType: 1, species: 'spruce', unitPrice: '62.50' }),
    mockAssortment({ code: 'PIN-SAW', name: 'Pine sawlog', assortmentType: 1, species: 'pine', unitPrice: '58.00' }),
    mockAssortment({
      code: 'BIR-PLP',
      name: 'Birch pulpwood',
      assortmentType: 2,
      assortmentTypeName: 'Pulpwood',
      species: 'birch',
      unitPrice: '38.20',
    }),
    mockAssortment({
      code: 'ASP-PLP',
      name: 'Aspen pulpwood',
      assortmentType: 2,
      assortmentTypeName: 'Pulpwood',
      species: 'aspen',
      unitPrice: '31.00',
    }),
    mockAssortment({
      code: 'MIX-ENG',
      name: 'Mixed energy wood',
      assortmentType: 3,
      assortmentTypeName: 'Energy wood',
      species: 'other',
      unit: 't',
      unitPrice: '24.90',
      isActive: false,
    }),
  ];
  const companies = [
    mockCompany(),
    mockCompany({
      registryCode: '10000002',
      name: 'Pärnu Sadam OÜ',
      vatNumber: 'EE100000002',
      address: 'Sadama 3, Pärnu',
      email: 'arved@sadam.example',
    }),
    mockCompany({
      registryCode: '10000003',
      name: 'Võru Metsaveod OÜ',
      vatNumber: 'EE100000003',
      address: 'Jaama 10, Võru',
      email: 'info@metsaveod.example',
      isInvoiceCustomer: false,
      hasWorklogs: false,
    }),
  ];
  const warehouses = [
    mockWarehouse(),
    mockWarehouse({
      id: 2,
      name: 'Pärnu port',
      company: '10000002',
      companyName: 'Pärnu Sadam OÜ',
      originCode: null,
      destinationCode: 'PRN-D',
      address: 'Sadama 3, Pärnu',
    }),
    mockWarehouse({
      id: 3,
      name: 'Võru forest depot',
      company: '10000003',
      companyName: 'Võru Metsaveod OÜ',
      originCode: 'VRU-O',
      destinationCode: null,
      address: 'Metsa tee 5, Võru',
      hasWorklogs: false,
    }),
  ];
  const destinations = [warehouses[0], warehouses[1]].filter((item) => item !== undefined);
  const origins = [warehouses[0], warehouses[2]].filter((item) => item !== undefined);

  const waybills = Array.from({ length: 36 }, (_, index) => {
    const assortment = assortments[index % 4] ?? mockAssortment();
    const destination = destinations[index % destinations.length] ?? mockWarehouse();
    const origin = origins[index % origins.length] ?? mockWarehouse();
    return mockWaybill({
      number: `WB-2026-${pad(index + 1)}`,
      status: WAYBILL_STATUSES[index % WAYBILL_STATUSES.length] ?? 'draft',
      transportDate: at(index).slice(0, 10),
      origin: origin.originCode ?? '',
      originName: origin.name,
      destination: destination.destinationCode ?? '',
      destinationName: destination.name,
      destinationCompany: destination.company,
      destinationCompanyName: destination.companyName,
      driverName: DRIVERS[index % DRIVERS.length] ?? 'Peeter Kask',
      vehicleNumber: `${100 + index}ABC`,
      mileage: 40 + ((index * 37) % 300),
      assortment: assortment.code,
      assortmentName: assortment.name,
      quantity: `${20 + (index % 9)}.${String((index * 125) % 1000).padStart(3, '0')}`,
      unit: assortment.unit,
      notes: index % 7 === 0 ? 'Wet load' : '',
      createdAt: at(index, 1),
      lastModifiedAt: at(index, 2),
    });
  });

  const workers = [
    mockWorker({ workerName: 'Jaan Tamm' }),
    mockWorker({ workerName: 'Liis Kuusk' }),
    mockWorker({ workerName: 'Mart Org', company: '10000002', companyName: 'Pärnu Sadam OÜ' }),
  ];
  const worklogs = Array.from({ length: 30 }, (_, index) => {
    const worker = workers[index % workers.length] ?? mockWorker();
    const warehouse = warehouses[index % 2] ?? mockWarehouse();
    const assortment = assortments[index % 4] ?? mockAssortment();
    return mockWorklog({
      number: `WL-2026-${pad(index + 1)}`,
      timestamp: at(index, 3),
      action: WORKLOG_ACTIONS[index % WORKLOG_ACTIONS.length] ?? 'arrival',
      warehouse: warehouse.id,
      warehouseName: warehouse.name,
      warehouseCompany: warehouse.company,
      warehouseCompanyName: warehouse.companyName,
      workerName: worker.workerName,
      assortment: assortment.code,
      assortmentName: assortment.name,
      quantity: `${5 + (index % 11)}.500`,
      waybill: index % 3 === 0 ? (waybills[index]?.number ?? null) : null,
      durationMinutes: 15 + ((index * 7) % 90),
      createdAt: at(index, 3),
      lastModifiedAt: at(index, 4),
    });
  });
  for (const worker of workers as Mutable<Schema<'Worker'>>[]) {
    const own = worklogs.filter((worklog) => worklog.workerName === worker.workerName);
    worker.worklogCount = own.length;
    worker.lastWorklogAt = own.map((worklog) => worklog.timestamp).sort().at(-1) ?? null;
  }

  // Three invoices over delivered waybills of company 10000001: synced, awaiting sync, failed.
  const invoiceable = waybills.filter((waybill) => waybill.status === 'delivered' && waybill.destinationCompany === '10000001');
  const invoiceStates: readonly Partial<Schema<'Invoice'>>[] = [
    { status: 'synced' },
    { status: 'pending_sync', syncedAt: null, externalId: null, syncAttempts: 0 },
    { status: 'sync_failed', syncedAt: null, externalId: null, syncAttempts: 3, syncError: 'Accounting system timed out' },
  ];
  const invoices = invoiceStates.map((state, index) => {
    const waybill = invoiceable[index] ?? mockWaybill();
    const number = `INV-2026-${pad(index + 1)}`;
    const storedIndex = waybills.findIndex((item) => item.number === waybill.number);
    const stored = waybills[storedIndex];
    if (stored) waybills[storedIndex] = { ...stored, status: 'invoiced', invoice: number };
    return mockInvoice({ number, waybills: [waybill.number], createdAt: at(20 + index), lastModifiedAt: at(20 + index, 1), ...state });
  });

  return {
    assortmentTypes,
    assortments,
    companies,
    warehouses,
    workers,
    waybills,
    worklogs,
    invoices,
    exportRequests: [
      mockExportRequest({
        id: '00000000-0000-4000-8000-0000000000a1',
        seen: true,
        inProgress: false,
        progress: 100,
        attachment: 'waybills-2026-01-05.xlsx',
        rowCount: 36,
        completeTimestamp: at(0, 5),
      }),
    ],
  };
}

/** The shared data set. Handlers read and change it; tests call `resetMockDb()` to start over. */
export const mockDb: MockDb = createSeed();

export function resetMockDb(): void {
  Object.assign(mockDb, createSeed());
}

/** Replaces a record in a collection by a key; returns the stored record. */
export function replaceRecord<T>(items: T[], match: (item: T) => boolean, next: T): T {
  const index = items.findIndex(match);
  if (index === -1) items.push(next);
  else items[index] = next;
  return next;
}
