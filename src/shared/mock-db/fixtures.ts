import { DEMO_USERS, NO_EVR, NO_EVR_PLACE } from '@timberlog/contract/demo-data';

import type { Schema } from '../api';

// Typed fixture factories for stories and tests that need one record in a particular state: every
// field the API returns, with plausible defaults; override what the case is about. The handlers'
// data set is the contract's demo data (db.ts), not these.

const STAMP = '2026-01-05T08:00:00.000Z';

export const mockAssortmentType = (overrides: Partial<Schema<'AssortmentType'>> = {}): Schema<'AssortmentType'> => ({
  id: 1,
  name: 'Sawlogs',
  nameEt: 'Palk',
  description: 'Logs for sawmills',
  evrProductGroup: 'PALK',
  createdAt: STAMP,
  lastModifiedAt: STAMP,
  version: 1,
  ...overrides,
});

export const mockAssortment = (overrides: Partial<Schema<'Assortment'>> = {}): Schema<'Assortment'> => ({
  code: 'SPR-SAW',
  name: 'Spruce sawlog',
  assortmentType: 1,
  assortmentTypeName: 'Sawlogs',
  species: 'spruce',
  unit: 'm3',
  unitPrice: '62.50',
  isActive: true,
  createdAt: STAMP,
  lastModifiedAt: STAMP,
  version: 1,
  ...overrides,
});

export const mockCompany = (overrides: Partial<Schema<'Company'>> = {}): Schema<'Company'> => ({
  registryCode: '10000001',
  name: 'Metsa Saeveski AS',
  vatNumber: 'EE100000001',
  address: 'Saeveski 1, Tartu',
  county: 'Tartu maakond',
  city: 'Tartu linn',
  street: 'Saeveski 1',
  email: 'arved@saeveski.example',
  language: null,
  isInvoiceCustomer: true,
  hasWorklogs: true,
  createdAt: STAMP,
  lastModifiedAt: STAMP,
  version: 1,
  ...overrides,
});

export const mockWarehouse = (overrides: Partial<Schema<'Warehouse'>> = {}): Schema<'Warehouse'> => ({
  id: 1,
  name: 'Tartu yard',
  nameEt: 'Tartu laoplats',
  company: '10000001',
  companyName: 'Metsa Saeveski AS',
  originCode: 'TRT-O',
  destinationCode: 'TRT-D',
  address: 'Saeveski 1, Tartu',
  hasWorklogs: true,
  createdAt: STAMP,
  lastModifiedAt: STAMP,
  version: 1,
  ...NO_EVR_PLACE,
  ...overrides,
});

export const mockWorker = (overrides: Partial<Schema<'Worker'>> = {}): Schema<'Worker'> => ({
  workerName: 'Jaan Tamm',
  company: '10000001',
  companyName: 'Metsa Saeveski AS',
  worklogCount: 3,
  lastWorklogAt: STAMP,
  createdAt: STAMP,
  lastModifiedAt: STAMP,
  version: 1,
  ...overrides,
});

/**
 * The EVR fields of a waybill that EVR would take: a forest notification's land unit, the
 * driver's personal code, the departure, a certificate claim and EUDR numbers.
 */
export { NO_EVR };
export const MOCK_EVR = {
  ...NO_EVR,
  ownerCompany: '10000001',
  ownerCompanyName: 'Metsa Saeveski AS',
  transporterCompany: '10000002',
  transporterCompanyName: 'Kagu Metsavedu OÜ',
  driverIdCode: '37605030299',
  driverPhone: '+372 5123 4567',
  trailerNumber: '12 AB',
  departureTime: '2026-01-05T05:30:00.000Z',
  grossMass: '46.800',
  holdingBasisType: 'ForestNotice',
  cadastralNumber: '78401:001:0123',
  compartment: 'KV112',
  forestAllocationNumber: '4',
  forestNotificationNumber: '7123456',
  certificateClaims: [{ code: 'FSCMIX', number: 'NC-COC-012345' }],
  eudrReferenceNumber: '26EEXVTNR4Y3HN',
  eudrVerificationNumber: 'KRAGE8SX',
} as const satisfies Partial<Schema<'Waybill'>>;

export const mockWaybill = (overrides: Partial<Schema<'Waybill'>> = {}): Schema<'Waybill'> => ({
  number: 'W-2026-000001',
  status: 'draft',
  transportDate: '2026-01-05',
  origin: 'TRT-O',
  originName: 'Tartu yard',
  destination: 'PRN-D',
  destinationName: 'Pärnu port',
  destinationCompany: '10000001',
  destinationCompanyName: 'Metsa Saeveski AS',
  driverName: 'Peeter Kask',
  vehicleNumber: '123ABC',
  mileage: 180,
  assortment: 'SPR-SAW',
  assortmentName: 'Spruce sawlog',
  quantity: '27.350',
  unit: 'm3',
  invoice: null,
  notes: '',
  createdBy: DEMO_USERS.user.email,
  createdByName: DEMO_USERS.user.name,
  createdAt: STAMP,
  lastModifiedAt: STAMP,
  version: 1,
  ...MOCK_EVR,
  certificateClaims: [...MOCK_EVR.certificateClaims],
  ...overrides,
});

export const mockWorklog = (overrides: Partial<Schema<'Worklog'>> = {}): Schema<'Worklog'> => ({
  number: 'L-2026-000001',
  timestamp: STAMP,
  action: 'arrival',
  warehouse: 1,
  warehouseName: 'Tartu yard',
  warehouseCompany: '10000001',
  warehouseCompanyName: 'Metsa Saeveski AS',
  workerName: 'Jaan Tamm',
  assortment: 'SPR-SAW',
  assortmentName: 'Spruce sawlog',
  quantity: '12.000',
  waybill: null,
  durationMinutes: 30,
  notes: '',
  createdBy: DEMO_USERS.user.email,
  createdByName: DEMO_USERS.user.name,
  createdAt: STAMP,
  lastModifiedAt: STAMP,
  version: 1,
  ...overrides,
});

export const mockInvoice = (overrides: Partial<Schema<'Invoice'>> = {}): Schema<'Invoice'> => ({
  number: 'I-2026-000001',
  status: 'synced',
  customer: '10000001',
  customerName: 'Metsa Saeveski AS',
  issueDate: '2026-01-20',
  dueDate: '2026-02-03',
  currency: 'EUR',
  lines: [
    {
      assortment: 'SPR-SAW',
      assortmentName: 'Spruce sawlog',
      quantity: '27.350',
      unit: 'm3',
      unitPrice: '62.50',
      amount: '1709.38',
    },
  ],
  netTotal: '1709.38',
  vatRate: '24.00',
  vatTotal: '410.25',
  grossTotal: '2119.63',
  waybills: ['W-2026-000001'],
  syncFailure: null,
  syncError: null,
  syncAttempts: 1,
  syncedAt: '2026-01-20T09:00:00.000Z',
  externalId: 'EXT-1',
  sentAt: null,
  sentTo: null,
  createdBy: DEMO_USERS.user.email,
  createdByName: DEMO_USERS.user.name,
  createdAt: '2026-01-20T08:00:00.000Z',
  lastModifiedAt: '2026-01-20T09:00:00.000Z',
  version: 1,
  ...overrides,
});

export const mockExportRequest = (overrides: Partial<Schema<'ExportRequest'>> = {}): Schema<'ExportRequest'> => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'waybill_report',
  format: 'xlsx',
  filters: {},
  own: true,
  requestedBy: DEMO_USERS.user.email,
  seen: false,
  inProgress: true,
  progress: 0,
  failed: false,
  lastErrorMessage: null,
  attachment: null,
  fileUrl: null,
  rowCount: null,
  completeTimestamp: null,
  createdAt: STAMP,
  lastModifiedAt: STAMP,
  ...overrides,
});
