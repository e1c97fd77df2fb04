export { STATUS_ACTIONS, waybillActions } from './model/statusActions';
export type { StatusAction, WaybillActions } from './model/statusActions';
export { WaybillStatusActions } from './ui/WaybillStatusActions/WaybillStatusActions';
export type { WaybillStatusActionsProps } from './ui/WaybillStatusActions/WaybillStatusActions';
