import { baseApi, ifMatch, isApiError, LIST_ID, pageTags, TAGS, type TagType } from '@/shared/api';

/** The reference resources staff edit under `/api/admin/{resource}`. */
export type AdminResourceName = 'assortment-types' | 'assortments' | 'companies' | 'warehouses' | 'workers';

/**
 * The cache tag each resource's public list and pickers provide: an admin change invalidates it,
 * so the waybill and worklog pickers offer a new or renamed record without a reload.
 */
export const RESOURCE_TAGS: Readonly<Record<AdminResourceName, TagType>> = {
  'assortment-types': TAGS.assortmentType,
  assortments: TAGS.assortment,
  companies: TAGS.company,
  warehouses: TAGS.warehouse,
  workers: TAGS.worker,
};

interface Page {
  readonly count: number;
  readonly results: readonly Record<string, unknown>[];
}

const itemPath = (resource: AdminResourceName, key: string) => `/api/admin/${resource}/${encodeURIComponent(key)}`;

// A change to a company renames it on warehouses, workers and waybills too; those lists carry its name.
const DEPENDENTS: Readonly<Partial<Record<AdminResourceName, readonly TagType[]>>> = {
  companies: [TAGS.warehouse, TAGS.worker, TAGS.waybill, TAGS.invoice],
  'assortment-types': [TAGS.assortment],
  assortments: [TAGS.waybill, TAGS.worklog],
  warehouses: [TAGS.worklog],
};

const changed = (resource: AdminResourceName, key?: string) => [
  { type: RESOURCE_TAGS[resource], id: LIST_ID },
  ...(key === undefined ? [] : [{ type: RESOURCE_TAGS[resource], id: key }]),
  ...(DEPENDENTS[resource] ?? []).map((type) => ({ type, id: LIST_ID })),
];

// A write refused because someone changed the record (412) refreshes it too: the list shows it as
// it is now, and the next try sends its new version.
const refused = (error: unknown) => isApiError(error) && error.status === 412;

/**
 * Staff-only writes of reference data; reads go through the same list contract as the public
 * endpoints. Changes and deletions send the version of the row the user saw (If-Match), so one made
 * since is refused instead of overwritten.
 */
export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    adminList: build.query<Page, { readonly resource: AdminResourceName; readonly keyField: string; readonly params: object }>({
      query: ({ resource, params }) => ({ url: `/api/admin/${resource}`, params }),
      providesTags: (page, _error, { resource, keyField }) => pageTags(RESOURCE_TAGS[resource], page, (item) => String(item[keyField])),
    }),
    adminCreate: build.mutation<Record<string, unknown>, { readonly resource: AdminResourceName; readonly body: object }>({
      query: ({ resource, body }) => ({ url: `/api/admin/${resource}`, method: 'POST', body }),
      invalidatesTags: (_item, error, { resource }) => (error ? [] : changed(resource)),
    }),
    adminUpdate: build.mutation<
      Record<string, unknown>,
      { readonly resource: AdminResourceName; readonly key: string; readonly version: number; readonly body: object }
    >({
      query: ({ resource, key, version, body }) => ({ url: itemPath(resource, key), method: 'PATCH', body, headers: ifMatch(version) }),
      invalidatesTags: (_item, error, { resource, key }) => (error && !refused(error) ? [] : changed(resource, key)),
    }),
    adminDelete: build.mutation<void, { readonly resource: AdminResourceName; readonly key: string; readonly version: number }>({
      query: ({ resource, key, version }) => ({ url: itemPath(resource, key), method: 'DELETE', headers: ifMatch(version) }),
      invalidatesTags: (_result, error, { resource, key }) => (error && !refused(error) ? [] : changed(resource, key)),
    }),
  }),
});

export const { useAdminListQuery, useAdminCreateMutation, useAdminUpdateMutation, useAdminDeleteMutation } = adminApi;
