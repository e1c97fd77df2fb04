import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';

import { useGetAssortmentQuery } from '@/entities/assortment';
import { RecordHistory, type HistoryField } from '@/entities/history';
import { useGetWorklogQuery, WorklogDetails } from '@/entities/worklog';
import { isApiError } from '@/shared/api';
import { useValueLabels } from '@/shared/i18n';
import { useFormat } from '@/shared/lib/format';
import { Button, Card, Page, PageHeader, RecordPageFallback } from '@/shared/ui';

/** Where "Back to worklogs" goes: the list view the user came from, if they came from one. */
const listLink = (state: unknown): string => {
  const search = (state as { listSearch?: unknown } | null)?.listSearch;
  return typeof search === 'string' ? `/worklogs${search}` : '/worklogs';
};

/** One worklog: every field, its waybill and warehouse as links, and Edit (worklogs are never deleted). */
export function WorklogDetailPage() {
  const { t } = useTranslation();
  const { number = '' } = useParams();
  const location = useLocation();
  const { data: worklog, error, isLoading, isFetching, refetch } = useGetWorklogQuery(number);
  // Its quantity is in its assortment's unit, as on waybills.
  const { data: assortment } = useGetAssortmentQuery(worklog?.assortment ?? '', { skip: !worklog?.assortment });

  const header = { titleId: 'worklog-title', back: { to: listLink(location.state), label: t('worklogs.detail.back') } };

  if (isLoading || !worklog) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <RecordPageFallback
        {...header}
        title={t('worklogs.detail.title', { number })}
        loading={isLoading}
        notFound={notFound ? { title: t('worklogs.detail.notFoundTitle'), text: t('worklogs.detail.notFoundText', { number }) } : null}
        failure={isApiError(error) ? error.message : t('errors.unexpectedError')}
        retryLabel={t('worklogs.retry')}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }

  return (
    <Page width="detail" labelledBy="worklog-title">
      <PageHeader
        {...header}
        title={t('worklogs.detail.title', { number: worklog.number })}
        actionsLabel={t('worklogs.detail.actions')}
        actions={
          <Button variant="secondary" to={`/worklogs/${encodeURIComponent(worklog.number)}/edit`}>
            {t('worklogs.actions.edit')}
          </Button>
        }
      />
      <Card>
        <WorklogDetails worklog={worklog} unit={assortment?.unit} />
      </Card>
      <Card>
        <WorklogHistory number={worklog.number} unit={assortment?.unit} />
      </Card>
    </Page>
  );
}

/** The worklog's history, its values as the page shows them. */
function WorklogHistory({ number, unit }: { readonly number: string; readonly unit: string | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const valueLabels = useValueLabels();
  const label = (field: string) => t(`worklogs.fields.${field}`);
  const plain = ['warehouse', 'workerName', 'assortment', 'waybill', 'notes'];
  const fields: Record<string, HistoryField> = {
    ...Object.fromEntries(plain.map((field) => [field, { label: label(field) }])),
    timestamp: { label: label('timestamp'), format: (value) => format.dateTime(value) },
    action: { label: label('action'), format: valueLabels.worklogAction },
    quantity: { label: label('quantity'), format: (value) => format.quantity(value, unit) },
    durationMinutes: { label: label('durationMinutes'), format: (value) => format.number(value) },
  };
  return <RecordHistory entity="worklog" recordKey={number} fields={fields} />;
}
