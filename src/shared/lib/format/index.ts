export { formatDate, formatDateTime, formatDayMonth, formatMonth, formatNumber, formatQuantity, formatTime, numberFormat } from './format';
export { useFormat } from './useFormat';
export type { Formatters } from './useFormat';
