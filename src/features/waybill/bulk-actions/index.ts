export { bulkRequest, targetSize, takesReason } from './model/target';
export type { BulkTarget } from './model/target';
export { filtersOf, useWaybillSelection } from './model/useWaybillSelection';
export type { WaybillSelection, WaybillSelectionInput } from './model/useWaybillSelection';
export { BulkActionsButton } from './ui/BulkActionsButton/BulkActionsButton';
export type { BulkActionsButtonProps } from './ui/BulkActionsButton/BulkActionsButton';
export { SelectionBar } from './ui/SelectionBar/SelectionBar';
export type { SelectionBarProps } from './ui/SelectionBar/SelectionBar';
