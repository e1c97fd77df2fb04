import { UNIT_SYMBOLS, type InvoiceStatus, type Unit } from '@timberlog/contract';
import { memo, useDeferredValue, useId } from 'react';
import { useTranslation } from 'react-i18next';

import { formatMoney } from '@/entities/invoice';
import { useGetSummaryChartsQuery, type SummaryCharts } from '@/entities/summary';
import { useValueLabels } from '@/shared/i18n';
import { formatDayMonth, formatMonth, numberFormat, useFormat } from '@/shared/lib/format';
import { BarList, Button, Card, ChartFigure, ColumnChart, Skeleton } from '@/shared/ui';

import { STATUS_COLORS, monthlyInvoicing, typeSeries, unitHauls, UNITS_SHOWN, type TypeSeries } from '../../lib/chartData';
import styles from './HomeCharts.module.css';

// An overview is read afresh on every visit, not from a cache a minute old.
const FRESH = { refetchOnMountOrArgChange: true } as const;
/** Stacked bottom up: what is done, what waits, what failed. */
const STACK: readonly InvoiceStatus[] = ['synced', 'pending_sync', 'sync_failed'];

/** A chart with nothing to draw: its caption and why. */
function EmptyChart({ caption, text }: { readonly caption: string; readonly text: string }) {
  const captionId = useId();
  return (
    <figure className={styles.empty} aria-labelledby={captionId}>
      <figcaption id={captionId} className={styles.emptyCaption}>
        {caption}
      </figcaption>
      <p className={styles.muted}>{text}</p>
    </figure>
  );
}

function useTableLabels() {
  const { t } = useTranslation();
  return { showTableLabel: t('home.charts.showTable'), hideTableLabel: t('home.charts.hideTable') };
}

/** Timber hauled per week in one unit, stacked by assortment type. */
function HaulsFigure({
  charts,
  unit,
  series,
}: {
  readonly charts: SummaryCharts;
  readonly unit: Unit;
  readonly series: readonly TypeSeries[];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useTableLabels();
  const grid = unitHauls(charts, unit, series);
  const symbol = UNIT_SYMBOLS[unit];
  const caption = t('home.charts.hauls', { unit: symbol });
  // The last week holds today: counted so far, and said so on its column and its row.
  const soFar = (week: string, label: string, key: 'weekSoFar' | 'weekSoFarShort' = 'weekSoFar') =>
    week === charts.weeks.at(-1) ? t(`home.charts.${key}`, { week: label }) : label;
  const weekOf = (week: string) => soFar(week, t('home.charts.weekOf', { date: format.date(week) }));
  if (grid.types.length === 0) {
    return <EmptyChart caption={caption} text={t('home.charts.noHauls', { unit: symbol })} />;
  }
  return (
    <ChartFigure
      caption={caption}
      legend={grid.types.map((type) => ({ key: String(type.id), label: type.name, color: type.color }))}
      chart={
        <ColumnChart
          categories={charts.weeks.map((week) => ({
            key: week,
            label: soFar(week, formatDayMonth(week, format.locale), 'weekSoFarShort'),
          }))}
          series={grid.types.map((type) => ({ key: String(type.id), color: type.color }))}
          values={grid.quantities.map((week) => week.map((value) => (value ? Number(value) : 0)))}
          formatTick={(value) => format.number(value, 0)}
          describe={(week, type) =>
            `${weekOf(charts.weeks[week]!)}, ${grid.types[type]!.name}: ${format.quantity(grid.quantities[week]![type], unit)}`
          }
        />
      }
      table={
        <table>
          <caption className={styles.tableCaption}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('home.charts.week')}</th>
              {grid.types.map((type) => (
                <th key={type.id} scope="col">
                  {type.name}
                </th>
              ))}
              <th scope="col">{t('home.charts.total')}</th>
            </tr>
          </thead>
          <tbody>
            {charts.weeks.map((week, w) => (
              <tr key={week}>
                <th scope="row">{soFar(week, format.date(week))}</th>
                {grid.quantities[w]!.map((value, i) => (
                  <td key={grid.types[i]!.id}>{value ? format.quantity(value, null) : '–'}</td>
                ))}
                <td>{format.quantity(grid.weekTotals[w], null)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('home.charts.total')}</th>
              <td colSpan={grid.types.length} />
              <td>{format.quantity(grid.total, null)}</td>
            </tr>
          </tfoot>
        </table>
      }
      {...labels}
    />
  );
}

/** The month's destinations by loads, with their quantities per unit. */
function DestinationsFigure({ charts }: { readonly charts: SummaryCharts }) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useTableLabels();
  const caption = t('home.charts.destinations', { month: formatMonth(charts.month, format.locale, 'long') });
  const loads = (n: number) => t('home.charts.loads', { count: n, formatted: format.number(n) });
  if (charts.topDestinations.length === 0) {
    return <EmptyChart caption={caption} text={t('home.charts.noDestinations')} />;
  }
  return (
    <ChartFigure
      caption={caption}
      chart={
        <BarList
          items={charts.topDestinations.map((item) => ({
            key: item.destination,
            label: item.destinationName,
            value: item.waybills,
            valueLabel: loads(item.waybills),
          }))}
        />
      }
      table={
        <table>
          <caption className={styles.tableCaption}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('home.charts.destination')}</th>
              <th scope="col">{t('home.charts.waybills')}</th>
              <th scope="col">{UNIT_SYMBOLS.m3}</th>
              <th scope="col">{UNIT_SYMBOLS.t}</th>
            </tr>
          </thead>
          <tbody>
            {charts.topDestinations.map((item) => (
              <tr key={item.destination}>
                <th scope="row">{item.destinationName}</th>
                <td>{format.number(item.waybills)}</td>
                <td>{format.quantity(item.m3, 'm3')}</td>
                <td>{format.quantity(item.t, 't')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
      {...labels}
    />
  );
}

/** Invoiced euros per month of issue, stacked by sync status. */
function InvoicingFigure({ charts }: { readonly charts: SummaryCharts }) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useTableLabels();
  const months = monthlyInvoicing(charts);
  const caption = t('home.charts.invoicing');
  const valueLabels = useValueLabels();
  const status = (value: InvoiceStatus) => valueLabels.invoiceStatus(value);
  const money = (value: string) => formatMoney(value, 'EUR', format.locale);
  const compact = numberFormat(format.locale, { style: 'currency', currency: 'EUR', notation: 'compact', maximumFractionDigits: 1 });
  if (charts.invoicing.length === 0) {
    return <EmptyChart caption={caption} text={t('home.charts.noInvoicing')} />;
  }
  return (
    <ChartFigure
      caption={caption}
      legend={STACK.map((value) => ({ key: value, label: status(value), color: STATUS_COLORS[value] }))}
      chart={
        <ColumnChart
          categories={months.map((row) => ({ key: row.month, label: formatMonth(row.month, format.locale).split(' ')[0]! }))}
          series={STACK.map((value) => ({ key: value, color: STATUS_COLORS[value] }))}
          values={months.map((row) => STACK.map((value) => Number(row.byStatus[value].gross || 0)))}
          formatTick={(value) => compact.format(value)}
          describe={(m, s) =>
            `${formatMonth(months[m]!.month, format.locale, 'long')}, ${status(STACK[s]!)}: ${money(months[m]!.byStatus[STACK[s]!].gross)}`
          }
        />
      }
      table={
        <table>
          <caption className={styles.tableCaption}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('home.charts.month')}</th>
              {STACK.map((value) => (
                <th key={value} scope="col">
                  {status(value)}
                </th>
              ))}
              <th scope="col">{t('home.charts.total')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((row) => (
              <tr key={row.month}>
                <th scope="row">{formatMonth(row.month, format.locale, 'long')}</th>
                {STACK.map((value) => {
                  const cell = row.byStatus[value];
                  return (
                    <td key={value}>
                      {cell.invoices > 0
                        ? t('home.charts.invoicesCell', {
                            amount: money(cell.gross),
                            count: cell.invoices,
                            formatted: format.number(cell.invoices),
                          })
                        : '–'}
                    </td>
                  );
                })}
                <td>{money(row.gross)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
      {...labels}
    />
  );
}

/** Placeholders the size of the charts while they load. */
function ChartsSkeleton() {
  return (
    <div className={styles.grid} data-testid="charts-loading">
      {[0, 1, 2, 3].map((n) => (
        <div key={n} className={styles.placeholder}>
          <Skeleton width="60%" height="1rem" />
          <Skeleton height="11rem" />
        </div>
      ))}
    </div>
  );
}

/** The four figures of one answer. Memoised: a new fetch's busy state or a parent's render redraws nothing. */
const ChartsGrid = memo(function ChartsGrid({ charts }: { readonly charts: SummaryCharts }) {
  const series = typeSeries(charts);
  return (
    <div className={styles.grid}>
      {UNITS_SHOWN.map((unit) => (
        <HaulsFigure key={unit} charts={charts} unit={unit} series={series} />
      ))}
      <DestinationsFigure charts={charts} />
      <InvoicingFigure charts={charts} />
    </div>
  );
});

/**
 * The home page's charts (GET /api/summary/charts): timber hauled per week in m³ and in t by
 * assortment type, the month's top destinations, and invoiced euros per month by sync status.
 * Each is a figure with a caption and the same numbers as a table.
 *
 * The figures are drawn from a deferred copy of the answer: the store's update renders at once
 * and in one piece (React cannot slice an update of an external store), so the figures, the
 * largest part of the page, follow as a deferred render that React slices and lets input and
 * paint in between. Until it is done the placeholders stay.
 */
export function HomeCharts() {
  const { t } = useTranslation();
  const format = useFormat();
  const charts = useGetSummaryChartsQuery(undefined, FRESH);
  const data = useDeferredValue(charts.data);
  return (
    <Card
      compact
      stack
      title={t('home.charts.title')}
      aside={<span className={styles.muted}>{data ? t('home.charts.asOf', { date: format.date(data.today) }) : null}</span>}
      busy={charts.isFetching}
    >
      {data ? (
        <ChartsGrid charts={data} />
      ) : charts.isError ? (
        <div className={styles.error} role="alert">
          <p>{t('home.charts.error')}</p>
          <Button variant="secondary" size="sm" onClick={() => void charts.refetch()}>
            {t('home.retry')}
          </Button>
        </div>
      ) : (
        <ChartsSkeleton />
      )}
    </Card>
  );
}
