import { EVR_MEASUREMENT_TOLERANCE_PERCENT, WAYBILL_LIST } from '@timberlog/contract';
import type { TFunction } from 'i18next';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ListFilters, type FilterFieldSpec } from '@/widgets/list-filters';
import { WaybillTotalsFooter } from '@/widgets/list-totals';
import { ListPageHeader, ListStaleNotice, staleSince } from '@/widgets/list-view';
import { WaybillTable } from '@/widgets/waybill-table';
import { ListChangesNotice } from '@/features/live-updates';
import { ListViewsBar, useListViews, VIEW_PARAM } from '@/features/saved-views';
import { BulkActionsButton, SelectionBar, useWaybillSelection } from '@/features/waybill/bulk-actions';
import { ExportWaybillReport } from '@/features/waybill/export-report';
import { ImportButton } from '@/features/import-records';
import { useGetSettingsQuery } from '@/entities/settings';
import { useCurrentUser } from '@/entities/user';
import { useListWaybillsQuery, type WaybillListParams, waybillFieldLabel } from '@/entities/waybill';
import { isApiError } from '@/shared/api';
import { useValueLabels, type ValueLabels } from '@/shared/i18n';
import { isPageGone, useLastPageWhenGone, useListQuery } from '@/shared/lib/list-query';
import { Button, Page, Pagination } from '@/shared/ui';

/** Every waybill filter the list call takes, in the order a dispatcher narrows a list. */
const filterFields = (t: TFunction, valueLabels: ValueLabels, tolerancePercent: number): FilterFieldSpec[] => {
  const label = (field: string) => waybillFieldLabel(t, field);
  return [
    { name: 'statusIn', label: label('status'), optionLabel: valueLabels.waybillStatus },
    { name: 'transportDateAfter', to: 'transportDateBefore', label: label('transportDate') },
    { name: 'origin', label: label('origin') },
    { name: 'destination', label: label('destination') },
    // Under "More filters" (VISIBLE_FILTERS): the bar stays one row, so a 1280×800 screen shows 15 rows and more.
    { name: 'assortment', label: label('assortment') },
    { name: 'destinationCompany', label: label('destinationCompany') },
    { name: 'driverName', label: label('driverName') },
    { name: 'mileageMin', label: t('waybills.filters.mileageMin') },
    { name: 'mileageMax', label: t('waybills.filters.mileageMax') },
    { name: 'invoice', label: label('invoice') },
    { name: 'holdingBasisType', label: label('holdingBasisType'), optionLabel: valueLabels.holdingBasis },
    { name: 'certificateClaim', label: t('waybills.filters.certificateClaim'), optionLabel: valueLabels.certificateClaim },
    { name: 'hasEudrNumber', label: t('waybills.filters.hasEudrNumber') },
    { name: 'evrState', label: t('waybills.filters.evrState'), optionLabel: valueLabels.evrState },
    { name: 'evrMeasuredOff', label: t('waybills.filters.evrMeasuredOff', { percent: tolerancePercent }) },
  ];
};

/** Search, status, the date range and the origin and destination pickers are in view; the rest fold under "More filters". */
const VISIBLE_FILTERS = 4;

const EMPTY: readonly never[] = [];
const LIST_OPTIONS = { otherParams: [VIEW_PARAM] };

/** `/waybills`: the list in the URL's state, with the new-waybill, report and invoice actions. */
export function WaybillsPage() {
  const { t } = useTranslation();
  const query = useListQuery<WaybillListParams>(WAYBILL_LIST, LIST_OPTIONS);
  const views = useListViews('waybills', query);
  const columnLabel = useCallback((id: string) => waybillFieldLabel(t, id), [t]);
  const list = useListWaybillsQuery(query.params);
  const { data: latestData, error, isFetching, refetch, startedTimeStamp } = list;
  // A page of rows is a large update: the table takes it as a transition, rendered in slices, while
  // the store's own update (synchronous) leaves the memoised table as it was, still marked busy.
  const data = useDeferredValue(latestData);
  const rowsPending = data !== latestData;
  const apiError = isApiError(error) ? error : null;
  const valueLabels = useValueLabels();
  // The server's tolerance (GET /api/settings); the contract's default until it is known.
  const tolerance = useGetSettingsQuery().data?.evrTolerancePercent ?? EVR_MEASUREMENT_TOLERANCE_PERCENT;
  const fields = useMemo(() => filterFields(t, valueLabels, tolerance), [t, valueLabels, tolerance]);

  // A page past the end goes to the last page, which the 404's count tells.
  const pageGone = isPageGone(error, query.state.pageNumber);
  useLastPageWhenGone(error, query.state.pageNumber, query.state.pageSize, query.setPage);
  // A refresh that failed over rows of the same filters: they stay, marked as not up to date.
  const failedAt = staleSince(list, pageGone);
  const failed = apiError !== null && !pageGone && failedAt === undefined;

  // Rows picked for a bulk action or an invoice (the delivered ones among them), or all the filters select.
  const bulk = useWaybillSelection({ rows: data?.results, count: data?.count, state: query.state });
  const isStaff = useCurrentUser(true)?.isStaff === true;
  const retry = useCallback(() => void refetch(), [refetch]);
  const sortChange = useCallback((sort: string[]) => query.setSort(sort), [query]);
  // The rows the last bulk action changed, marked until the list shows another view.
  const [changed, setChanged] = useState<{ readonly keys: ReadonlySet<string>; readonly params: WaybillListParams } | null>(null);
  const clearSelection = bulk.clear;
  const finished = useCallback(
    (numbers: readonly string[]) => {
      clearSelection();
      setChanged({ keys: new Set(numbers), params: query.params });
      // The list shows them from its top.
      const results = document.querySelector<HTMLElement>('[data-list-results]');
      results?.scrollTo({ top: 0 });
      results?.scrollIntoView({ block: 'nearest' });
    },
    [clearSelection, query.params],
  );
  const marked = useMemo(
    () => (changed?.params === query.params ? { keys: changed.keys, label: t('waybills.list.changedMark') } : undefined),
    [changed, query.params, t],
  );
  const invoiceLink = `/invoices/new?${new URLSearchParams(bulk.invoiceNumbers.map((number) => ['waybills', number])).toString()}`;
  const count = data?.count;

  return (
    <Page width="list" labelledBy="waybills-title">
      <ListPageHeader
        titleId="waybills-title"
        title={t('waybills.list.title')}
        count={count}
        countText={(rows, formatted) => t('waybills.list.count', { count: rows, formatted })}
        actions={
          <>
            <BulkActionsButton target={bulk.target} isStaff={isStaff} onFinished={finished} />
            <Button
              variant="secondary"
              to={invoiceLink}
              disabled={bulk.invoiceNumbers.length === 0}
              title={t('waybills.list.createInvoiceHint')}
            >
              {t('waybills.actions.createInvoice')}
            </Button>
            <ExportWaybillReport params={query.params} count={count} />
            <ImportButton record="waybills" />
            <Button variant="secondary" to="/waybills/incoming">
              {t('waybills.list.incoming')}
            </Button>
            <Button to="/waybills/new">{t('waybills.actions.new')}</Button>
          </>
        }
      />
      <ListStaleNotice failedAt={failedAt} />
      <ListViewsBar views={views} columnLabel={columnLabel} />
      <ListFilters query={query} fields={fields} visibleFields={VISIBLE_FILTERS} />
      <ListChangesNotice entity="waybill" since={startedTimeStamp} />
      <SelectionBar selection={bulk} pageRows={data?.results.length ?? 0} count={count} />
      <WaybillTable
        tolerancePercent={tolerance}
        rows={failed ? EMPTY : data?.results}
        sort={query.state.sort}
        onSortChange={sortChange}
        loading={isFetching || pageGone || rowsPending}
        error={failed ? apiError.message : null}
        onRetry={retry}
        emptyMessage={t('waybills.list.empty')}
        onClearFilters={Object.keys(query.state.filters).length > 0 || query.state.search ? query.clearFilters : undefined}
        selection={bulk.selection}
        expectedRows={query.state.pageSize}
        columnIds={views.columns}
        density={views.density}
        marked={marked}
      />
      <Pagination
        pageNumber={query.state.pageNumber}
        pageSize={query.state.pageSize}
        total={count}
        onPageChange={query.setPage}
        onPageSizeChange={query.setPageSize}
        disabled={isFetching}
      />
      <WaybillTotalsFooter params={query.params} />
    </Page>
  );
}
