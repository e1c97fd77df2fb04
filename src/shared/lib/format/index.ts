export { formatDate, formatDateTime, formatNumber, formatQuantity } from './format';
export { useFormat } from './useFormat';
export type { Formatters } from './useFormat';
