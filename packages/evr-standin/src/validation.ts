/**
 * The request models EVR accepts, field by field, with pyevr's JSON names and limits (its models'
 * `constr`/`conint`/`conlist` bounds), plus the register's own rules (Estonian personal codes,
 * cadastral numbers, known reference codes). Validation builds a clean copy holding only the
 * documented fields, so nothing undocumented is ever stored or answered.
 */
import { type Language, type MessageKey, message } from './messages.ts';
import { assortmentByCode, certificateCodes, unitCodes } from './reference.ts';

export type FieldErrors = Record<string, string[]>;
type Json = Record<string, unknown>;

type Check = (value: never, at: Validator, path: string) => void;

export type FieldSpec =
  | { kind: 'string'; required?: boolean; min?: number; max?: number; length?: number; check?: Check }
  | { kind: 'number'; required?: boolean; integer?: boolean; min?: number; max?: number }
  | { kind: 'boolean'; required?: boolean }
  | { kind: 'datetime'; required?: boolean }
  | { kind: 'enum'; required?: boolean; values: readonly string[] }
  | { kind: 'any'; required?: boolean }
  | { kind: 'object'; required?: boolean; model: ModelName }
  | { kind: 'holdingBase'; required?: boolean }
  | { kind: 'array'; required?: boolean; min?: number; max?: number; of: FieldSpec };

const s = (max: number, extra: Partial<Extract<FieldSpec, { kind: 'string' }>> = {}): FieldSpec => ({ kind: 'string', max, ...extra });
const rs = (max: number, extra: Partial<Extract<FieldSpec, { kind: 'string' }>> = {}): FieldSpec => s(max, { required: true, ...extra });
const obj = (model: ModelName, required = false): FieldSpec => ({ kind: 'object', model, required });
const amount: FieldSpec = { kind: 'number', required: true, min: 0, max: 1e9 };

export const HOLDING_BASE_TYPES = [
  'ForestNotice',
  'WithoutForestNotice',
  'SalesContract',
  'ContractForTransferOfCuttingRights',
  'ForestAct',
  'InventoryAct',
  'ConsolidatedAct',
] as const;

// Estonian cadastral unit codes: municipality (5 digits), section (3), unit (4).
const CADASTER = /^\d{5}:\d{3}:\d{4}$/;

const cadaster: FieldSpec = {
  kind: 'string',
  required: true,
  min: 1,
  max: 500,
  // The field holds up to 500 characters: a holding base may cover several units, listed with commas.
  check: (value: string, at, path) => {
    const codes = value.split(/[,;]/).map((code) => code.trim());
    if (!codes.every((code) => CADASTER.test(code))) at.add(path, 'cadaster');
  },
};

const documentFields = {
  contractNumber: rs(500),
  contractDate: { kind: 'datetime', required: true },
  cadaster,
  compartment: s(200),
  forestAllocationNumber: s(200),
} satisfies Record<string, FieldSpec>;

const shipmentItem: Record<string, FieldSpec> = {
  amount,
  pack: obj('Pack'),
  unitCode: rs(10, {
    check: (code: string, at, path) => {
      if (!unitCodes.has(code)) at.add(path, 'unknownUnit', { code });
    },
  }),
  assortment: obj('ShipmentAssortment', true),
};

export type ModelName =
  | 'StartWaybillRequest'
  | 'Owner'
  | 'Address'
  | 'ContactPerson'
  | 'Representer'
  | 'Transport'
  | 'Transporter'
  | 'Receiver'
  | 'WaybillPlaceOfDelivery'
  | 'Coordinates'
  | 'Viewer'
  | 'Shipment'
  | 'ForestNotice'
  | 'WithoutForestNotice'
  | 'SalesContract'
  | 'ContractForTransferOfCuttingRights'
  | 'ForestAct'
  | 'InventoryAct'
  | 'ConsolidatedAct'
  | 'PreviousOwner'
  | 'Source'
  | 'ShipmentItem'
  | 'ShipmentAssortment'
  | 'Pack'
  | 'CertificateClaim'
  | 'AddShipmentsToWaybillRequest'
  | 'AddWaybillNoteRequest'
  | 'UnloadWaybillRequest'
  | 'CancelWaybillRequest'
  | 'AddMeasurementActRequest'
  | 'Total';

export const MODELS: Record<ModelName, Record<string, FieldSpec>> = {
  StartWaybillRequest: {
    owner: obj('Owner', true),
    transport: obj('Transport', true),
    receiver: obj('Receiver', true),
    placeOfDelivery: obj('WaybillPlaceOfDelivery', true),
    comment: s(400),
    departureTime: { kind: 'datetime', required: true },
    submissionTime: { kind: 'datetime', required: true },
    shipments: { kind: 'array', required: true, min: 1, max: 25, of: obj('Shipment', true) },
    preJourneyMileage: { kind: 'number', integer: true, min: 0, max: 100000 },
    userCustomData: { kind: 'any' },
    mass: { kind: 'number', min: 0, max: 1e9 },
    transportOrder: s(13),
    viewers: { kind: 'array', max: 100, of: obj('Viewer', true) },
  },
  Owner: {
    name: rs(200),
    code: rs(20),
    email: s(254),
    address: obj('Address', true),
    contactPerson: obj('ContactPerson'),
    representer: obj('Representer'),
  },
  Address: { countryCode: rs(3, { length: 3 }), county: rs(100), city: rs(100), street: rs(100) },
  ContactPerson: { name: s(200), phone: s(25), email: s(254) },
  Representer: { name: rs(200), code: rs(20), address: obj('Address', true), rightOfRepresentation: s(200), email: s(254), phone: s(25) },
  Transport: {
    transporter: obj('Transporter', true),
    driverName: rs(200),
    driverIdCode: rs(11, {
      check: (code: string, at, path) => {
        if (!isValidIdCode(code)) at.add(path, 'idCode');
      },
    }),
    driverPhone: s(25),
    vanRegistrationNumber: rs(10),
    trailerRegistrationNumber: s(10),
  },
  Transporter: { name: rs(200), code: rs(20), contactPerson: obj('ContactPerson') },
  Receiver: { name: rs(200), code: rs(20), address: obj('Address', true), contactPerson: obj('ContactPerson') },
  WaybillPlaceOfDelivery: {
    code: s(25),
    name: rs(200),
    coordinates: obj('Coordinates'),
    address: obj('Address', true),
    contactPerson: obj('ContactPerson'),
    nearAddress: s(150),
    userCustomData: { kind: 'any' },
  },
  Coordinates: {
    x: { kind: 'number', required: true },
    y: { kind: 'number', required: true },
    epsg: { kind: 'number', integer: true, min: 1000, max: 99999 },
  },
  Viewer: { code: rs(20) },
  Shipment: {
    holdingBase: { kind: 'holdingBase', required: true },
    source: obj('Source', true),
    items: { kind: 'array', required: true, min: 1, max: 25, of: obj('ShipmentItem', true) },
    certificateClaims: { kind: 'array', max: 25, of: obj('CertificateClaim', true) },
    userCustomData: { kind: 'any' },
    supplyContractNumber: s(50),
  },
  ForestNotice: { type: rs(40), cadaster, compartment: s(200), forestAllocationNumber: s(200), number: s(500) },
  WithoutForestNotice: { type: rs(40), cadaster, compartment: s(200), forestAllocationNumber: s(200) },
  SalesContract: { type: rs(40), ...documentFields, previousOwner: obj('PreviousOwner', true) },
  ContractForTransferOfCuttingRights: { type: rs(40), ...documentFields, previousOwner: obj('PreviousOwner', true) },
  ForestAct: { type: rs(40), ...documentFields },
  InventoryAct: { type: rs(40), ...documentFields },
  ConsolidatedAct: { type: rs(40), ...documentFields },
  PreviousOwner: { name: rs(200, { min: 1 }), code: rs(100, { min: 1 }), address: rs(200, { min: 1 }) },
  Source: {
    name: rs(200),
    code: s(50),
    compartment: s(100),
    appropriation: s(200),
    planningArea: s(100),
    address: obj('Address', true),
    coordinates: obj('Coordinates'),
    contactPerson: obj('ContactPerson'),
    nearAddress: s(150),
    sourceDocumentUrl: s(2000),
  },
  ShipmentItem: shipmentItem,
  ShipmentAssortment: { code: rs(10), name: rs(100), productGroup: rs(10) },
  Pack: {
    packNumber: { kind: 'number', required: true, integer: true, min: 1, max: 2147483647 },
    length: amount,
    height: amount,
    width: amount,
    coefficient: { kind: 'number', required: true, min: 0, max: 1 },
    location: { kind: 'enum', required: true, values: ['van', 'trailer'] },
  },
  CertificateClaim: {
    code: rs(50, {
      check: (code: string, at, path) => {
        if (!certificateCodes.has(code)) at.add(path, 'unknownCertificate', { code });
      },
    }),
    number: s(50),
  },
  AddShipmentsToWaybillRequest: { shipments: { kind: 'array', required: true, min: 1, max: 25, of: obj('Shipment', true) } },
  AddWaybillNoteRequest: { message: rs(1000, { min: 1 }) },
  UnloadWaybillRequest: { totalJourneyMileage: { kind: 'number', required: true, integer: true, min: 1, max: 100000 }, comment: s(400) },
  CancelWaybillRequest: { reason: rs(400) },
  AddMeasurementActRequest: {
    actNumber: s(25),
    actDate: { kind: 'datetime' },
    measurements: { kind: 'array', max: 1000, of: obj('ShipmentItem', true) },
    customMeasurementData: { kind: 'any' },
    total: obj('Total'),
  },
  Total: {
    amount,
    unit: rs(10, {
      check: (code: string, at, path) => {
        if (!unitCodes.has(code)) at.add(path, 'unknownUnit', { code });
      },
    }),
  },
};

/** Estonian personal identification code (isikukood): century and sex, birth date, serial, check digit. */
export function isValidIdCode(code: string): boolean {
  if (!/^[1-8]\d{10}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const centuryDigit = digits[0]!;
  const year = 1800 + Math.floor((centuryDigit - 1) / 2) * 100 + Number(code.slice(1, 3));
  const month = Number(code.slice(3, 5));
  const day = Number(code.slice(5, 7));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return digits[10] === idCodeCheckDigit(digits);
}

/** The check digit: weights 1..9,1; when the remainder is 10, a second pass with 3..9,1,2,3; 10 again gives 0. */
export function idCodeCheckDigit(digits: readonly number[]): number {
  const pass = (weights: number[]) => weights.reduce((sum, weight, i) => sum + weight * digits[i]!, 0) % 11;
  const first = pass([1, 2, 3, 4, 5, 6, 7, 8, 9, 1]);
  if (first < 10) return first;
  const second = pass([3, 4, 5, 6, 7, 8, 9, 1, 2, 3]);
  return second < 10 ? second : 0;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:\d{2})?$/;

export function parseDateTime(value: string): Date | null {
  if (!DATE_TIME.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export class Validator {
  readonly errors: FieldErrors = {};

  constructor(readonly lang: Language) {}

  add(path: string, key: MessageKey, params: Record<string, string | number> = {}): void {
    (this.errors[path] ??= []).push(message(this.lang, key, params));
  }

  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  /** A clean copy of `value` as `model`, or undefined when it is absent or not an object. */
  model(model: ModelName, value: unknown, path: string): Json | undefined {
    if (!isObject(value)) {
      this.add(path || '$', value === undefined || value === null ? 'required' : 'notObject');
      return undefined;
    }
    const fields: Record<string, FieldSpec> = MODELS[model];
    const clean: Json = {};
    for (const [name, spec] of Object.entries(fields)) {
      const out = this.field(spec, value[name], join(path, name));
      if (out !== undefined) clean[name] = out;
    }
    return clean;
  }

  field(spec: FieldSpec, value: unknown, path: string): unknown {
    if (value === undefined || value === null) {
      if (spec.required) this.add(path, 'required');
      return undefined;
    }
    switch (spec.kind) {
      case 'string': {
        if (typeof value !== 'string') return this.add(path, 'notString');
        if (spec.required && value.trim() === '' && (spec.min ?? 1) > 0) return this.add(path, 'required');
        if (spec.length !== undefined && value.length !== spec.length) return this.add(path, 'exactLength', { length: spec.length });
        if (spec.max !== undefined && value.length > spec.max) return this.add(path, 'maxLength', { max: spec.max });
        if (spec.min !== undefined && value.length < spec.min) return this.add(path, 'minLength', { min: spec.min });
        const before = this.errors[path]?.length ?? 0;
        (spec.check as ((v: string, at: Validator, p: string) => void) | undefined)?.(value, this, path);
        return (this.errors[path]?.length ?? 0) > before ? undefined : value;
      }
      case 'number': {
        if (typeof value !== 'number' || !Number.isFinite(value)) return this.add(path, 'notNumber');
        if (spec.integer && !Number.isInteger(value)) return this.add(path, 'notInteger');
        const min = spec.min ?? -Infinity;
        const max = spec.max ?? Infinity;
        if (value < min || value > max) return this.add(path, 'range', { min, max });
        return value;
      }
      case 'boolean':
        return typeof value === 'boolean' ? value : this.add(path, 'notBoolean');
      case 'datetime':
        if (typeof value !== 'string' || !parseDateTime(value)) return this.add(path, 'notDateTime');
        return value;
      case 'enum':
        return typeof value === 'string' && spec.values.includes(value)
          ? value
          : this.add(path, 'oneOf', { values: spec.values.join(', ') });
      case 'any':
        return value;
      case 'object':
        return this.model(spec.model, value, path);
      case 'holdingBase': {
        if (!isObject(value)) return this.add(path, 'notObject');
        const type = value.type;
        if (typeof type !== 'string' || !(HOLDING_BASE_TYPES as readonly string[]).includes(type)) {
          return this.add(join(path, 'type'), type === undefined || type === null ? 'required' : 'oneOf', {
            values: HOLDING_BASE_TYPES.join(', '),
          });
        }
        return this.model(type as ModelName, value, path);
      }
      case 'array': {
        if (!Array.isArray(value)) return this.add(path, 'notArray');
        if (spec.min !== undefined && value.length < spec.min) return this.add(path, 'tooFew', { min: spec.min });
        if (spec.max !== undefined && value.length > spec.max) return this.add(path, 'tooMany', { max: spec.max });
        return value.map((entry, i) => this.field(spec.of, entry, `${path}[${i}]`));
      }
    }
  }
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** EVR's product groups (`ShipmentAssortment.productGroup`). */
const productGroups = new Set([...assortmentByCode.values()].map((a) => a.productGroupCode));

/**
 * Assortment codes and product groups, checked once the item's own fields are in shape. The code
 * must be one of EVR's own only for an organisation set up to use EVR's assortments (pyevr:
 * "Kui organisatsioon on seadistatud kasutama EVR sortimente"); others name their own, within
 * EVR's product groups.
 */
function checkItems(at: Validator, items: unknown, path: string, evrAssortments: boolean): void {
  if (!Array.isArray(items)) return;
  items.forEach((item, i) => {
    if (!isObject(item) || !isObject(item.assortment)) return;
    const { code, productGroup } = item.assortment;
    if (typeof code !== 'string' || code === '') return;
    const known = assortmentByCode.get(code);
    if (!known && !evrAssortments) {
      if (typeof productGroup === 'string' && productGroup !== '' && !productGroups.has(productGroup))
        at.add(`${path}[${i}].assortment.productGroup`, 'unknownProductGroup', { group: productGroup });
    } else if (!known) at.add(`${path}[${i}].assortment.code`, 'unknownAssortment', { code });
    else if (typeof productGroup === 'string' && productGroup !== '' && productGroup !== known.productGroupCode) {
      at.add(`${path}[${i}].assortment.productGroup`, 'productGroupMismatch', { code, group: known.productGroupCode });
    }
  });
}

function checkShipments(at: Validator, shipments: unknown, path: string, evrAssortments: boolean): void {
  if (!Array.isArray(shipments)) return;
  shipments.forEach((shipment, i) => {
    if (isObject(shipment)) checkItems(at, shipment.items, `${path}[${i}].items`, evrAssortments);
  });
}

/**
 * Validates a request body as `model`; answers the clean copy, or the field errors. With
 * `evrAssortments`, the caller uses EVR's assortment codes only.
 */
export function validate(
  model: ModelName,
  body: unknown,
  lang: Language,
  evrAssortments = true,
): { value: Json; errors?: undefined } | { errors: FieldErrors } {
  const at = new Validator(lang);
  const value = at.model(model, body, '');
  if (isObject(body)) {
    if (model === 'StartWaybillRequest' || model === 'AddShipmentsToWaybillRequest')
      checkShipments(at, body.shipments, 'shipments', evrAssortments);
    if (model === 'AddMeasurementActRequest') checkItems(at, body.measurements, 'measurements', evrAssortments);
  }
  return at.ok && value ? { value } : { errors: at.errors };
}
