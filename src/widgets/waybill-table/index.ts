export { waybillColumns } from './ui/WaybillTable/columns';
export { WaybillTable } from './ui/WaybillTable/WaybillTable';
export type { WaybillTableProps } from './ui/WaybillTable/WaybillTable';
