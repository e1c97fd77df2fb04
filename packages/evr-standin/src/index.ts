export {
  createEvrStandin,
  type EvrStandin,
  type EvrStandinOptions,
  type LoggerOption,
  type Organisation,
  type PlaceOfDelivery,
} from './app.ts';
export { DEMO_ORGANISATIONS, DEMO_PLACES_OF_DELIVERY } from './demo.ts';
export type { FaultInput, FaultKind, FaultRule } from './faults.ts';
export { ASSORTMENTS, CERTIFICATES, MEASUREMENT_UNITS } from './reference.ts';
export type { MeasurementAct, Waybill, WaybillStatus } from './store.ts';
export { HOLDING_BASE_TYPES, isValidIdCode } from './validation.ts';
