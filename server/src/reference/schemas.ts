import { Type, Nullable, Timestamp, listQuery, page, StrEnum, Price, RecordVersion } from '../http/schema.js';
import {
  ASSORTMENT_LIST,
  ASSORTMENT_TYPE_LIST,
  COMPANY_LIST,
  EVR_PRODUCT_GROUPS,
  LOCALES,
  SPECIES,
  UNITS,
  WAREHOUSE_LIST,
  WORKER_LIST,
} from '@timberlog/contract';

const stamps = {
  createdAt: Timestamp(),
  lastModifiedAt: Timestamp(),
  version: RecordVersion(),
};

/** A reference record's name in Estonian, beside its one name. */
const NameEt = () =>
  Nullable(
    Type.String({
      description:
        'The name in Estonian, which an Estonian interface shows where it names the reference data (the home charts); null: the name serves both languages.',
    }),
  );

export const AssortmentType = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    nameEt: NameEt(),
    description: Type.String(),
    evrProductGroup: StrEnum(EVR_PRODUCT_GROUPS, {
      description:
        "EVR's product group of the type's assortments (PALK saw logs, PABER pulpwood, KUTE firewood, HAKE chips and residues), sent with every item to EVR.",
    }),
    ...stamps,
  },
  { $id: 'AssortmentType', title: 'AssortmentType' },
);
export const Assortment = Type.Object(
  {
    code: Type.String(),
    name: Type.String(),
    assortmentType: Type.Integer(),
    assortmentTypeName: Type.String(),
    species: StrEnum(SPECIES),
    unit: StrEnum(UNITS),
    unitPrice: Price(),
    isActive: Type.Boolean(),
    ...stamps,
  },
  { $id: 'Assortment', title: 'Assortment' },
);
export const Company = Type.Object(
  {
    registryCode: Type.String(),
    name: Type.String(),
    vatNumber: Type.String(),
    address: Type.String(),
    county: Nullable(Type.String({ description: "The address in EVR's parts: the county; null: read from `address`." })),
    city: Nullable(Type.String({ description: 'The city or rural municipality (vald); null: read from `address`.' })),
    street: Nullable(Type.String({ description: 'The street and house, or the village; null: read from `address`.' })),
    email: Type.String(),
    language: Nullable(StrEnum(LOCALES, { description: 'The language its invoices are mailed in (null: not known, so Estonian).' })),
    isInvoiceCustomer: Type.Boolean(),
    hasWorklogs: Type.Boolean(),
    ...stamps,
  },
  { $id: 'Company', title: 'Company' },
);
export const Warehouse = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    nameEt: NameEt(),
    company: Type.String(),
    companyName: Type.String(),
    originCode: Nullable(Type.String()),
    destinationCode: Nullable(Type.String()),
    address: Type.String(),
    evrPlaceCode: Nullable(Type.String({ description: "EVR's code of this place of delivery." })),
    county: Nullable(Type.String()),
    city: Nullable(Type.String({ description: 'City or rural municipality (linn or vald).' })),
    street: Nullable(Type.String()),
    coordX: Nullable(Type.Number({ description: 'L-EST97 (EPSG:3301) x, metres north.' })),
    coordY: Nullable(Type.Number({ description: 'L-EST97 (EPSG:3301) y, metres east.' })),
    hasWorklogs: Type.Boolean(),
    ...stamps,
  },
  { $id: 'Warehouse', title: 'Warehouse' },
);
export const Worker = Type.Object(
  {
    workerName: Type.String(),
    company: Nullable(Type.String()),
    companyName: Nullable(Type.String()),
    worklogCount: Type.Integer(),
    lastWorklogAt: Nullable(Timestamp()),
    ...stamps,
  },
  { $id: 'Worker', title: 'Worker' },
);
export const AssortmentTypePage = page(Type.Ref('AssortmentType'), 'AssortmentTypePage');
export const AssortmentPage = page(Type.Ref('Assortment'), 'AssortmentPage');
export const CompanyPage = page(Type.Ref('Company'), 'CompanyPage');
export const WarehousePage = page(Type.Ref('Warehouse'), 'WarehousePage');
export const WorkerPage = page(Type.Ref('Worker'), 'WorkerPage');

export const AssortmentTypeQuery = listQuery(ASSORTMENT_TYPE_LIST, 'AssortmentTypeListQuery');
export const AssortmentQuery = listQuery(ASSORTMENT_LIST, 'AssortmentListQuery');
export const CompanyQuery = listQuery(COMPANY_LIST, 'CompanyListQuery');
export const WarehouseQuery = listQuery(WAREHOUSE_LIST, 'WarehouseListQuery');
export const WorkerQuery = listQuery(WORKER_LIST, 'WorkerListQuery');
