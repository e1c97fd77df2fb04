export { HISTORY_OF, historyApi, useGetHistoryQuery } from './api/historyApi';
export type { HistoryEntry, HistoryOf, HistoryPage, HistoryParams } from './api/historyApi';
export { RecordHistory } from './ui/RecordHistory/RecordHistory';
export type { HistoryField, RecordHistoryProps } from './ui/RecordHistory/RecordHistory';
