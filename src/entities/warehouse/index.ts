export {
  useGetWarehouseByDestinationQuery,
  useGetWarehouseByOriginQuery,
  useGetWarehouseQuery,
  useListWarehousesQuery,
  warehouseApi,
} from './api/warehouseApi';
export type { Warehouse, WarehouseListParams, WarehousePage } from './api/warehouseApi';
export {
  DestinationPicker,
  OriginPicker,
  useDestinationNames,
  useOriginNames,
  useWarehouseNamesById,
  WarehousePicker,
} from './ui/WarehousePicker/WarehousePicker';
export type { WarehousePickerProps } from './ui/WarehousePicker/WarehousePicker';
