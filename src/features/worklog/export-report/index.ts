export { ExportWorklogReport } from './ui/ExportWorklogReport/ExportWorklogReport';
export type { ExportWorklogReportProps } from './ui/ExportWorklogReport/ExportWorklogReport';
