import { createReportRegistry } from './exports/registry.js';
import { waybillReport } from './waybills/report.js';
import { worklogReport } from './worklogs/report.js';

/** Every report the export jobs can write, contributed by the list modules. */
export const REPORTS = createReportRegistry({
  waybill_report: waybillReport,
  worklog_report: worklogReport,
});
