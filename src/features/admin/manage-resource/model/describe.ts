import type { ListContract } from '@timberlog/contract';

import type { RequestBody, Schema } from '@/shared/api';

import type { AdminResourceName } from '../api/adminApi';

/**
 * How a form field is edited and sent: text, a number id, a decimal as text, a yes/no, a choice,
 * text that may be null, or a number that may be null (coordinates).
 */
export type FieldKind = 'text' | 'textarea' | 'integer' | 'decimal' | 'boolean' | 'enum' | 'nullableText' | 'nullableNumber';

export interface FieldSpec<Body> {
  /** A member of the API's create or update body: a field the API drops fails the type check. */
  readonly name: keyof Body & string;
  readonly kind: FieldKind;
  readonly required?: boolean;
  readonly maxLength?: number;
  /** A pattern of the contract (e.g. `CODE_PATTERN`), with the message key that explains it. */
  readonly pattern?: { readonly source: string; readonly messageKey: string };
  readonly options?: readonly string[];
  /** The key: sent only on create, shown read-only on edit. */
  readonly keyOnly?: boolean;
  /** The bounds of a number (`nullableNumber`), as the API's schema has them. */
  readonly min?: number;
  readonly max?: number;
}

export interface ColumnSpec<Item> {
  /** A member of the API's record. */
  readonly field: keyof Item & string;
  /** The list contract's sort field, when the column sorts. */
  readonly sortField?: string;
  readonly numeric?: boolean;
  /** How the cell shows the value: a translated choice (`admin.options.<field>.<value>`) or euros. */
  readonly format?: 'option' | 'money';
}

/**
 * One reference resource of the admin panel: its endpoint, list contract, key, form fields and
 * columns. Types come from the generated API types, so the description follows the API.
 */
export interface ResourceDescription<Item, Create> {
  readonly resource: AdminResourceName;
  readonly list: ListContract;
  readonly keyField: keyof Item & string;
  /** Translation key prefix for labels: `admin.<resource>.fields.<field>`, `.title`, `.singular`. */
  readonly i18n: string;
  readonly fields: readonly FieldSpec<Create>[];
  readonly columns: readonly ColumnSpec<Item>[];
  /** Form values of a record being edited. */
  readonly toValues?: (item: Item) => Readonly<Record<string, unknown>>;
}

export type AdminItem<N extends 'AssortmentType' | 'Assortment' | 'Company' | 'Warehouse' | 'Worker'> = Schema<N>;
export type AdminCreate<
  P extends
    | '/api/admin/assortment-types'
    | '/api/admin/assortments'
    | '/api/admin/companies'
    | '/api/admin/warehouses'
    | '/api/admin/workers',
> = RequestBody<P, 'post'>;

/** A description whose record and body types are erased, for the screen that shows any of them. */
export type AnyResourceDescription = ResourceDescription<Record<string, unknown>, Record<string, unknown>>;

export const describe = <Item, Create>(description: ResourceDescription<Item, Create>): AnyResourceDescription =>
  description as unknown as AnyResourceDescription;
