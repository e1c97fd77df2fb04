export { ExportWaybillReport } from './ui/ExportWaybillReport/ExportWaybillReport';
export type { ExportWaybillReportProps } from './ui/ExportWaybillReport/ExportWaybillReport';
