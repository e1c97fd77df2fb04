export {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMonth,
  formatNumber,
  formatQuantity,
  localDateText,
  numberFormat,
} from './format';
export { formatTime } from './intl';
export { formattersFor, useFormat } from './useFormat';
export type { Formatters } from './useFormat';
