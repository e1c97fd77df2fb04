/**
 * The demo data set: deterministic records the server's seed inserts and the web app's mocks
 * serve, so both answer the same requests with the same rows. Pure TypeScript, no Node or
 * browser imports; dates come from a fixed anchor day, never from the clock.
 */
export { createDemoData, DEMO_DEFAULTS } from './generate.ts';
export type {
  DemoAssortment,
  DemoAssortmentType,
  DemoCompany,
  DemoData,
  DemoDataOptions,
  DemoInvoice,
  DemoInvoiceLine,
  DemoUser,
  DemoWarehouse,
  DemoWaybill,
  DemoWorker,
  DemoWorklog,
} from './generate.ts';
export { DEMO_HAULIER, DEMO_USERS } from './reference.ts';
export { NO_EVR, NO_EVR_PLACE } from './evr.ts';
export type { DemoWarehouseEvr, DemoWaybillEvr } from './evr.ts';
export { divRound, fromScaled, invoiceTotals, lineAmountCents, money, toScaled, vatCents } from './decimal.ts';
export type { InvoiceLineInput } from './decimal.ts';
export { prng } from './prng.ts';
export { demoIncoming, incomingDocument } from './incoming.ts';
export type { DemoIncoming } from './incoming.ts';
