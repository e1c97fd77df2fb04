import { useTranslation } from 'react-i18next';

import { formatMoney } from '@/entities/invoice';
import {
  useInvoiceTotalsQuery,
  useWaybillTotalsQuery,
  useWorklogTotalsQuery,
  type InvoiceTotals,
  type WaybillTotals,
  type WorklogTotals,
} from '@/entities/list-totals';
import type { ListParams } from '@/shared/api';
import { useFormat, type Formatters } from '@/shared/lib/format';

import { TotalsFooter, type TotalsItem } from './TotalsFooter';

/**
 * A list call's filters without its page and order: the totals read past them, so the footer is
 * asked again only when the filters change, not on every page.
 */
export function totalsParams<P extends object>(params: P): Omit<P, 'pageNumber' | 'pageSize' | 'sort'> {
  const {
    pageNumber: _page,
    pageSize: _size,
    sort: _sort,
    ...filters
  } = params as P & { pageNumber?: unknown; pageSize?: unknown; sort?: unknown };
  return filters;
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** Quantities per unit, never added together: cubic metres and tonnes side by side, a unit with nothing in it left out. */
const quantityItems = (quantity: WaybillTotals['quantity'], t: Translate, format: Formatters): TotalsItem[] => {
  const units = (['m3', 't'] as const).filter((unit) => Number(quantity[unit]) !== 0);
  return [
    {
      id: 'quantity',
      label: t('listTotals.quantity'),
      value: (units.length > 0 ? units : (['m3'] as const)).map((unit) => format.quantity(quantity[unit], unit)).join(' · '),
    },
  ];
};

export const waybillTotalsItems = (totals: WaybillTotals, t: Translate, format: Formatters): TotalsItem[] => [
  { id: 'count', label: t('listTotals.waybills'), value: format.number(totals.count) },
  ...quantityItems(totals.quantity, t, format),
  { id: 'mileage', label: t('listTotals.mileage'), value: t('listTotals.kilometres', { value: format.number(totals.mileage) }) },
];

export const worklogTotalsItems = (totals: WorklogTotals, t: Translate, format: Formatters): TotalsItem[] => {
  const hours = Math.floor(totals.durationMinutes / 60);
  const minutes = totals.durationMinutes % 60;
  return [
    { id: 'count', label: t('listTotals.worklogs'), value: format.number(totals.count) },
    ...quantityItems(totals.quantity, t, format),
    {
      id: 'duration',
      label: t('listTotals.duration'),
      value: t('listTotals.hoursMinutes', { hours: format.number(hours), minutes: format.number(minutes) }),
    },
  ];
};

export const invoiceTotalsItems = (totals: InvoiceTotals, t: Translate, format: Formatters): TotalsItem[] => [
  { id: 'count', label: t('listTotals.invoices'), value: format.number(totals.count) },
  { id: 'net', label: t('listTotals.netTotal'), value: formatMoney(totals.netTotal, 'EUR', format.locale) },
  { id: 'vat', label: t('listTotals.vatTotal'), value: formatMoney(totals.vatTotal, 'EUR', format.locale) },
  { id: 'gross', label: t('listTotals.grossTotal'), value: formatMoney(totals.grossTotal, 'EUR', format.locale) },
];

export interface ListTotalsProps {
  /** The list call's argument (`query.params`): the totals take the same filters. */
  readonly params: object;
}

/** The waybill list's footer: how many waybills, their quantity per unit and their mileage. */
export function WaybillTotalsFooter({ params }: ListTotalsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isFetching, error, refetch } = useWaybillTotalsQuery(totalsParams(params) as ListParams<'/api/waybills/totals/'>);
  return (
    <TotalsFooter
      label={t('listTotals.labelWaybills')}
      items={data ? waybillTotalsItems(data, t, format) : undefined}
      loading={isFetching}
      error={error}
      onRetry={() => void refetch()}
    />
  );
}

/** The worklog list's footer: how many worklogs, their quantity per unit and their duration. */
export function WorklogTotalsFooter({ params }: ListTotalsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isFetching, error, refetch } = useWorklogTotalsQuery(totalsParams(params) as ListParams<'/api/worklogs/totals/'>);
  return (
    <TotalsFooter
      label={t('listTotals.labelWorklogs')}
      items={data ? worklogTotalsItems(data, t, format) : undefined}
      loading={isFetching}
      error={error}
      onRetry={() => void refetch()}
    />
  );
}

/** The invoice list's footer: how many invoices and their net, VAT and gross totals in euros. */
export function InvoiceTotalsFooter({ params }: ListTotalsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isFetching, error, refetch } = useInvoiceTotalsQuery(totalsParams(params) as ListParams<'/api/invoices/totals/'>);
  return (
    <TotalsFooter
      label={t('listTotals.labelInvoices')}
      items={data ? invoiceTotalsItems(data, t, format) : undefined}
      loading={isFetching}
      error={error}
      onRetry={() => void refetch()}
    />
  );
}
