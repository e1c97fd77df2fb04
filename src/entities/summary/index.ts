export { summaryApi, useGetSummaryQuery } from './api/summaryApi';
export type { Summary } from './api/summaryApi';
