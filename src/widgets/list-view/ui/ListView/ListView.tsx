import { lastPageOf, type ListContract } from '@timberlog/contract';
import { useEffect, useState, type ReactNode } from 'react';

import { extractApiError, isApiError } from '@/shared/api';
import { isPageGone, useLastPageWhenGone, type ListQuery } from '@/shared/lib/list-query';
import { Pagination, Table, type TableColumn, type TableSelection } from '@/shared/ui';

import { ListPageHeader } from '../ListPageHeader/ListPageHeader';
import { ListStaleNotice, staleSince } from '../ListStaleNotice/ListStaleNotice';

import styles from './ListView.module.css';

/** What a list hook (RTK Query) returns that the view needs. */
export interface ListResult<Row> {
  /** The latest page; RTK Query keeps the previous one here while the next loads. */
  readonly data?: { readonly count: number; readonly results: readonly Row[] } | undefined;
  readonly isFetching: boolean;
  readonly error?: unknown;
  /** The rows of these very parameters, kept from before when a refetch fails. */
  readonly currentData?: { readonly count: number; readonly results: readonly Row[] } | undefined;
  /** When the latest request was asked for. */
  readonly startedTimeStamp?: number | undefined;
  readonly refetch: () => unknown;
}

export interface ListViewProps<Row> {
  /** The page heading. */
  readonly title: string;
  /** Buttons beside the heading ("New waybill", "Export report"). */
  readonly actions?: ReactNode;
  /** From `useListQuery(contract)`; its `params` go to the list hook that gives `result`. */
  readonly query: ListQuery<object, ListContract>;
  /** The result of the entity's list hook called with `query.params`. */
  readonly result: ListResult<Row>;
  /**
   * The filter bar, usually `<ListFilters query={query} fields={...} />` from `@/widgets/list-filters`
   * (a slot, as one widget does not import another).
   */
  readonly filterBar?: ReactNode;
  readonly columns: readonly TableColumn<Row>[];
  readonly getRowKey: (row: Row) => string;
  readonly getRowLabel?: (row: Row) => string;
  readonly onRowOpen?: (row: Row) => void;
  readonly selection?: TableSelection;
  /** Shown when nothing matches; a generic text by default. */
  readonly emptyMessage?: ReactNode;
  /** Between the filters and the table, e.g. a bar acting on the selected rows. */
  readonly toolbar?: ReactNode;
  /** Above the filters: the list's saved views, columns and row height (`ListViewsBar` from `@/features/saved-views`). */
  readonly viewsBar?: ReactNode;
  /** Under the paging: e.g. the totals of what the filters select. */
  readonly footer?: ReactNode;
  /** Row height. */
  readonly density?: 'comfortable' | 'compact';
}

/**
 * A whole list screen's body: heading with actions, the filter bar slot, table, paging; the state lives
 * in the URL through `query`. A page past the end (the API's 404, or fewer rows than the page
 * assumes) moves to the last page.
 */
export function ListView<Row>({
  title,
  actions,
  query,
  result,
  filterBar,
  columns,
  getRowKey,
  getRowLabel,
  onRowOpen,
  selection,
  emptyMessage,
  toolbar,
  viewsBar,
  footer,
  density,
}: ListViewProps<Row>) {
  const { pageNumber, pageSize } = query.state;
  const { data, isFetching, error } = result;
  const [knownTotal, setKnownTotal] = useState<number | undefined>(data?.count);
  if (data && data.count !== knownTotal) setKnownTotal(data.count);

  const apiError = error ? (isApiError(error) ? error : extractApiError(error)) : null;
  const pageGone = isPageGone(apiError, pageNumber);
  const { setPage } = query;
  // The last page by the count the 404 carries.
  useLastPageWhenGone(apiError, pageNumber, pageSize, setPage);
  useEffect(() => {
    // Fewer rows than the page assumes (rows deleted since): the last page there is, in place.
    if (data && data.count > 0 && pageNumber > lastPageOf(data.count, pageSize))
      setPage(lastPageOf(data.count, pageSize), { replace: true });
  }, [data, pageNumber, pageSize, setPage]);

  // A refresh that failed over rows of the same filters: they stay, marked as not up to date.
  const failedAt = staleSince(result, pageGone);
  const failed = apiError !== null && !pageGone && failedAt === undefined;

  const filtersOn = Object.keys(query.state.filters).length > 0 || query.state.search !== '';

  return (
    <div className={styles.view}>
      <ListPageHeader title={title} actions={actions} className={styles.header} />
      <ListStaleNotice failedAt={failedAt} />
      {viewsBar}
      {filterBar}
      {toolbar}
      <Table<Row>
        label={title}
        columns={columns}
        rows={failed ? [] : failedAt === undefined ? data?.results : result.currentData?.results}
        getRowKey={getRowKey}
        {...(getRowLabel ? { getRowLabel } : {})}
        {...(onRowOpen ? { onRowOpen } : {})}
        {...(selection ? { selection } : {})}
        sort={query.state.sort}
        onSortChange={(sort) => query.setSort(sort)}
        loading={isFetching || pageGone}
        error={failed ? apiError.message : null}
        onRetry={() => void result.refetch()}
        emptyMessage={emptyMessage}
        {...(filtersOn ? { onClearFilters: query.clearFilters } : {})}
        expectedRows={pageSize}
        {...(density ? { density } : {})}
      />
      <Pagination
        pageNumber={pageNumber}
        pageSize={pageSize}
        total={knownTotal}
        onPageChange={query.setPage}
        onPageSizeChange={query.setPageSize}
      />
      {footer}
    </div>
  );
}
