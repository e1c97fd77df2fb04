export {
  useGetWarehouseByDestinationQuery,
  useGetWarehouseByOriginQuery,
  useGetWarehouseQuery,
  useListWarehousesQuery,
  warehouseApi,
} from './api/warehouseApi';
export type { Warehouse, WarehouseListParams, WarehousePage } from './api/warehouseApi';
