export { summaryApi, useGetSummaryChartsQuery, useGetSummaryQuery } from './api/summaryApi';
export type { Summary, SummaryCharts } from './api/summaryApi';
