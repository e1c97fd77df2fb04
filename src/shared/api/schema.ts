import type { components, paths } from './generated/openapi';

/** A schema of the API's OpenAPI document by name, e.g. `Schema<'Waybill'>`. */
export type Schema<K extends keyof components['schemas']> = components['schemas'][K];

type GetOperation<P extends keyof paths> = paths[P] extends { readonly get: infer Operation } ? Operation : never;

/** The query parameters of a GET path, e.g. `ListParams<'/api/waybills/'>`. */
export type ListParams<P extends keyof paths> =
  GetOperation<P> extends { readonly parameters: { readonly query?: infer Query } } ? NonNullable<Query> : never;

/** The JSON body of an operation's request. */
export type RequestBody<P extends keyof paths, M extends 'post' | 'put' | 'patch'> = paths[P] extends {
  readonly [key in M]: { readonly requestBody?: { readonly content: { readonly 'application/json': infer Body } } };
}
  ? Body
  : never;

/** The query parameters of any operation of a path, e.g. a report's filters. */
export type OperationQuery<P extends keyof paths, M extends 'get' | 'post'> = paths[P] extends {
  readonly [key in M]: { readonly parameters: { readonly query?: infer Query } };
}
  ? NonNullable<Query>
  : never;
