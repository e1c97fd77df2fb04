export { CORRECTIONS, STATUS_ACTIONS, waybillActions } from './model/statusActions';
export type { CorrectionAction, StatusAction, WaybillActions } from './model/statusActions';
export { WaybillStatusActions } from './ui/WaybillStatusActions/WaybillStatusActions';
export type { WaybillStatusActionsProps } from './ui/WaybillStatusActions/WaybillStatusActions';
