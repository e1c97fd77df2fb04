// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockSummary, mockSummaryCharts, summaryHandlers } from './api/__mocks__/summaryHandlers';
