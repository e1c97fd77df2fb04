import { Type, Nullable, Timestamp, listQuery, page, QArray, StrEnum, Price } from '../shared/schema.js';
import { SPECIES, UNITS } from '@timberlog/contract';

const stamps = { createdAt: Timestamp(), lastModifiedAt: Timestamp() };

export const AssortmentType = Type.Object({ id: Type.Integer(), name: Type.String(), description: Type.String(), ...stamps }, { $id: 'AssortmentType', title: 'AssortmentType' });
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
    email: Type.String(),
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
    company: Type.String(),
    companyName: Type.String(),
    originCode: Nullable(Type.String()),
    destinationCode: Nullable(Type.String()),
    address: Type.String(),
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

const S = () => Type.String({ maxLength: 200 });
export const AssortmentTypeQuery = listQuery({ name: Type.Optional(S()) }, 'AssortmentTypeListQuery');
export const AssortmentQuery = listQuery(
  {
    assortmentType: Type.Optional(QArray(Type.Integer())),
    species: Type.Optional(QArray(StrEnum(SPECIES))),
    unit: Type.Optional(StrEnum(UNITS)),
    isActive: Type.Optional(Type.Boolean()),
  },
  'AssortmentListQuery',
);
export const CompanyQuery = listQuery(
  { hasWorklogs: Type.Optional(Type.Boolean()), isInvoiceCustomer: Type.Optional(Type.Boolean()), registryCode: Type.Optional(QArray(S())) },
  'CompanyListQuery',
);
export const WarehouseQuery = listQuery(
  {
    origin: Type.Optional(QArray(S())),
    destination: Type.Optional(QArray(S())),
    hasOrigin: Type.Optional(Type.Boolean()),
    hasDestination: Type.Optional(Type.Boolean()),
    hasWorklogs: Type.Optional(Type.Boolean()),
    company: Type.Optional(QArray(S())),
  },
  'WarehouseListQuery',
);
export const WorkerQuery = listQuery({ company: Type.Optional(QArray(S())), workerName: Type.Optional(S()) }, 'WorkerListQuery');
