import { baseApi, pageTags, TAGS, type ListParams, type Schema } from '@/shared/api';

export type Warehouse = Schema<'Warehouse'>;
export type WarehousePage = Schema<'WarehousePage'>;
export type WarehouseListParams = ListParams<'/api/warehouses/'>;

const warehouseTags = (warehouse: Warehouse | undefined) => (warehouse ? [{ type: TAGS.warehouse, id: warehouse.id }] : []);

export const warehouseApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listWarehouses: build.query<WarehousePage, WarehouseListParams>({
      query: (params) => ({ url: '/api/warehouses/', params }),
      providesTags: (page) => pageTags(TAGS.warehouse, page, (warehouse) => warehouse.id),
    }),
    getWarehouse: build.query<Warehouse, number>({
      query: (id) => `/api/warehouses/${id}/`,
      providesTags: (_warehouse, _error, id) => [{ type: TAGS.warehouse, id }],
    }),
    /** The warehouse a waybill's origin code names. */
    getWarehouseByOrigin: build.query<Warehouse, string>({
      query: (originCode) => `/api/warehouses/origins/${encodeURIComponent(originCode)}/`,
      providesTags: warehouseTags,
    }),
    /** The warehouse a waybill's destination code names. */
    getWarehouseByDestination: build.query<Warehouse, string>({
      query: (destinationCode) => `/api/warehouses/destinations/${encodeURIComponent(destinationCode)}/`,
      providesTags: warehouseTags,
    }),
  }),
});

export const { useListWarehousesQuery, useGetWarehouseQuery, useGetWarehouseByOriginQuery, useGetWarehouseByDestinationQuery } =
  warehouseApi;
