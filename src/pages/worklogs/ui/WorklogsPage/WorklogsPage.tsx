import { WORKLOG_LIST } from '@timberlog/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { WorklogTable } from '@/widgets/worklog-table';
import { ExportWorklogReport } from '@/features/worklog/export-report';
import { useListWorklogsQuery, type WorklogListParams } from '@/entities/worklog';
import { isApiError } from '@/shared/api';
import { useListQuery } from '@/shared/lib/list-query';
import { Button, Pagination, TextField } from '@/shared/ui';

import styles from './WorklogsPage.module.css';

/** `/worklogs`: the list in the URL's state, with the new-worklog and report actions. */
export function WorklogsPage() {
  const { t, i18n } = useTranslation();
  const query = useListQuery<WorklogListParams>(WORKLOG_LIST);
  const { data, error, isFetching, refetch } = useListWorklogsQuery(query.params);
  const apiError = isApiError(error) ? error : null;

  // A page past the end (404 "Invalid page.") goes back to the first page; the count then names the last.
  const pageGone = apiError?.status === 404 && query.state.pageNumber > 1;
  const { setPage } = query;
  useEffect(() => {
    if (pageGone) setPage(1);
  }, [pageGone, setPage]);
  const count = data?.count;

  return (
    <section className={styles.page} aria-labelledby="worklogs-title">
      <header className={styles.header}>
        <div className={styles.titleRow}>
          <h1 id="worklogs-title" className={styles.title}>
            {t('worklogs.list.title')}
          </h1>
          {count === undefined ? null : (
            <span className={styles.count} role="status">
              {t('worklogs.list.count', { count, formatted: new Intl.NumberFormat(i18n.language).format(count) })}
            </span>
          )}
        </div>
        <div className={styles.actions}>
          <ExportWorklogReport params={query.params} count={count} />
          <Button to="/worklogs/new">{t('worklogs.actions.new')}</Button>
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
      <WorklogTable
        rows={data?.results}
        sort={query.state.sort}
        onSortChange={(sort) => query.setSort(sort)}
        loading={isFetching}
        error={apiError && !pageGone ? apiError.message : null}
        onRetry={() => void refetch()}
        emptyMessage={t('worklogs.list.empty')}
        onClearFilters={Object.keys(query.state.filters).length > 0 || query.state.search ? query.clearFilters : undefined}
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
