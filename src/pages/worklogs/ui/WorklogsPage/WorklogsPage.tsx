import { WORKLOG_LIST } from '@timberlog/contract';
import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { ListFilters, type FilterFieldSpec } from '@/widgets/list-filters';
import { WorklogTotalsFooter } from '@/widgets/list-totals';
import { ListPageHeader, ListStaleNotice, staleSince } from '@/widgets/list-view';
import { ImportButton } from '@/features/import-records';
import { ListChangesNotice } from '@/features/live-updates';
import { ListViewsBar, useListViews, VIEW_PARAM } from '@/features/saved-views';
import { ExportWorklogReport } from '@/features/worklog/export-report';
import { useListWorklogsQuery, type WorklogListParams } from '@/entities/worklog';
import { isApiError } from '@/shared/api';
import { useValueLabels, type ValueLabels } from '@/shared/i18n';
import { isPageGone, useLastPageWhenGone, useListQuery } from '@/shared/lib/list-query';
import { Button, Page, Pagination } from '@/shared/ui';

import { WorklogTable } from '../WorklogTable/WorklogTable';

/** Every worklog filter the list call takes. */
const filterFields = (t: TFunction, valueLabels: ValueLabels): FilterFieldSpec[] => {
  const label = (field: string) => t(`worklogs.fields.${field}`);
  return [
    { name: 'actionIn', label: label('action'), optionLabel: valueLabels.worklogAction },
    { name: 'timestampAfter', to: 'timestampBefore', label: label('timestamp') },
    { name: 'warehouse', label: label('warehouse') },
    { name: 'warehouseCompany', label: label('warehouseCompany') },
    { name: 'workerName', label: label('workerName') },
    { name: 'waybill', label: label('waybill') },
  ];
};

const LIST_OPTIONS = { otherParams: [VIEW_PARAM] };

/** `/worklogs`: the list in the URL's state, with the new-worklog, report and import actions. */
export function WorklogsPage() {
  const { t } = useTranslation();
  const query = useListQuery<WorklogListParams>(WORKLOG_LIST, LIST_OPTIONS);
  const views = useListViews('worklogs', query);
  const columnLabel = useCallback((id: string) => t(`worklogs.fields.${id}`), [t]);
  const list = useListWorklogsQuery(query.params);
  const { data, error, isFetching, refetch, startedTimeStamp } = list;
  const apiError = isApiError(error) ? error : null;
  const valueLabels = useValueLabels();
  const fields = useMemo(() => filterFields(t, valueLabels), [t, valueLabels]);

  // A page past the end goes to the last page; page 1 of the same filters tells which that is.
  const pageGone = isPageGone(error, query.state.pageNumber);
  useLastPageWhenGone(error, query.state.pageNumber, query.state.pageSize, query.setPage);
  // A refresh that failed over rows of the same filters: they stay, marked as not up to date.
  const failedAt = staleSince(list, pageGone);
  const failed = apiError !== null && !pageGone && failedAt === undefined;
  const count = data?.count;

  return (
    <Page width="list" labelledBy="worklogs-title">
      <ListPageHeader
        titleId="worklogs-title"
        title={t('worklogs.list.title')}
        count={count}
        countText={(rows, formatted) => t('worklogs.list.count', { count: rows, formatted })}
        actions={
          <>
            <ExportWorklogReport params={query.params} count={count} />
            <ImportButton record="worklogs" />
            <Button to="/worklogs/new">{t('worklogs.actions.new')}</Button>
          </>
        }
      />
      <ListStaleNotice failedAt={failedAt} />
      <ListViewsBar views={views} columnLabel={columnLabel} />
      <ListFilters query={query} fields={fields} />
      <ListChangesNotice entity="worklog" since={startedTimeStamp} />
      <WorklogTable
        rows={failed ? [] : data?.results}
        sort={query.state.sort}
        onSortChange={(sort) => query.setSort(sort)}
        loading={isFetching || pageGone}
        error={failed ? apiError.message : null}
        onRetry={() => void refetch()}
        emptyMessage={t('worklogs.list.empty')}
        onClearFilters={Object.keys(query.state.filters).length > 0 || query.state.search ? query.clearFilters : undefined}
        expectedRows={query.state.pageSize}
        columnIds={views.columns}
        density={views.density}
      />
      <Pagination
        pageNumber={query.state.pageNumber}
        pageSize={query.state.pageSize}
        total={count}
        onPageChange={query.setPage}
        onPageSizeChange={query.setPageSize}
        disabled={isFetching}
      />
      <WorklogTotalsFooter params={query.params} />
    </Page>
  );
}
