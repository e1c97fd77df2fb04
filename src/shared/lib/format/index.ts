export { formatDate, formatDateTime, formatNumber, formatQuantity, numberFormat } from './format';
export { useFormat } from './useFormat';
export type { Formatters } from './useFormat';
