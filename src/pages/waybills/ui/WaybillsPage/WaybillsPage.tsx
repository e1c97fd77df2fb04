import { WAYBILL_INVOICEABLE_STATUS, WAYBILL_LIST } from '@timberlog/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { WaybillTable } from '@/widgets/waybill-table';
import { ExportWaybillReport } from '@/features/waybill/export-report';
import { useListWaybillsQuery, type WaybillListParams } from '@/entities/waybill';
import { isApiError } from '@/shared/api';
import { useListQuery } from '@/shared/lib/list-query';
import { Button, Pagination, TextField } from '@/shared/ui';

import styles from './WaybillsPage.module.css';

/** `/waybills`: the list in the URL's state, with the new-waybill, report and invoice actions. */
export function WaybillsPage() {
  const { t, i18n } = useTranslation();
  const query = useListQuery<WaybillListParams>(WAYBILL_LIST);
  const { data, error, isFetching, refetch } = useListWaybillsQuery(query.params);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const apiError = isApiError(error) ? error : null;

  // A page past the end (404 "Invalid page.") goes back to the first page; the count then names the last.
  const pageGone = apiError?.status === 404 && query.state.pageNumber > 1;
  const { setPage } = query;
  useEffect(() => {
    if (pageGone) setPage(1);
  }, [pageGone, setPage]);

  const deliveredNumbers = useMemo(
    () => new Set((data?.results ?? []).filter((waybill) => waybill.status === WAYBILL_INVOICEABLE_STATUS).map((waybill) => waybill.number)),
    [data],
  );
  const invoiceLink = `/invoices/new?${new URLSearchParams([...selected].map((number) => ['waybills', number])).toString()}`;
  const count = data?.count;

  return (
    <section className={styles.page} aria-labelledby="waybills-title">
      <header className={styles.header}>
        <div className={styles.titleRow}>
          <h1 id="waybills-title" className={styles.title}>
            {t('waybills.list.title')}
          </h1>
          {count === undefined ? null : (
            <span className={styles.count} role="status">
              {t('waybills.list.count', { count, formatted: new Intl.NumberFormat(i18n.language).format(count) })}
            </span>
          )}
        </div>
        <div className={styles.actions}>
          {selected.size > 0 ? <span className={styles.selection}>{t('waybills.list.selection', { count: selected.size })}</span> : null}
          <Button variant="secondary" to={invoiceLink} disabled={selected.size === 0} title={t('waybills.list.createInvoiceHint')}>
            {t('waybills.actions.createInvoice')}
          </Button>
          <ExportWaybillReport params={query.params} count={count} />
          <Button to="/waybills/new">{t('waybills.actions.new')}</Button>
        </div>
      </header>
      {query.ignored.length > 0 ? (
        <p className={styles.notice} role="status">
          {t('list.ignored', { params: query.ignored.map((param) => `${param.name}=${param.value}`).join(', ') })}
        </p>
      ) : null}
      <TextField
        className={styles.search}
        label={t('list.search')}
        name="search"
        type="search"
        value={query.searchText}
        onChange={(event) => query.setSearchText(event.target.value)}
        placeholder={t('list.searchPlaceholder')}
        autoComplete="off"
      />
      <WaybillTable
        rows={data?.results}
        sort={query.state.sort}
        onSortChange={(sort) => query.setSort(sort)}
        loading={isFetching}
        error={apiError && !pageGone ? apiError.message : null}
        onRetry={() => void refetch()}
        emptyMessage={t('waybills.list.empty')}
        onClearFilters={Object.keys(query.state.filters).length > 0 || query.state.search ? query.clearFilters : undefined}
        selection={{ selected, onChange: setSelected, isSelectable: (number) => deliveredNumbers.has(number) }}
      />
      <Pagination
        pageNumber={query.state.pageNumber}
        pageSize={query.state.pageSize}
        total={count}
        onPageChange={query.setPage}
        onPageSizeChange={query.setPageSize}
        disabled={isFetching}
      />
    </section>
  );
}
