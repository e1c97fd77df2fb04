import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDate, formatDateTime, formatNumber, formatQuantity } from './format';
import { formatTime } from './intl';

export interface Formatters {
  readonly locale: string;
  readonly date: (value: string | null | undefined) => string;
  readonly dateTime: (value: string | null | undefined) => string;
  /** A moment in ms as hours and minutes. */
  readonly time: (value: number) => string;
  readonly number: (value: number | string | null | undefined, maxDecimals?: number) => string;
  readonly quantity: (value: number | string | null | undefined, unit: string | null | undefined) => string;
}

/** The formatters of one language. */
export const formattersFor = (locale: string): Formatters => ({
  locale,
  date: (value) => formatDate(value, locale),
  dateTime: (value) => formatDateTime(value, locale),
  time: (value) => formatTime(value, locale),
  number: (value, maxDecimals) => formatNumber(value, locale, maxDecimals),
  quantity: (value, unit) => formatQuantity(value, unit, locale),
});

/** The formatters bound to the current language; they change when the user switches it. */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => formattersFor(locale), [locale]);
}
