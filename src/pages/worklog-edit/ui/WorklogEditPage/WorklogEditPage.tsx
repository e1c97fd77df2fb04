import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';

import { useLastChangedBy } from '@/features/live-updates';
import { WorklogForm } from '@/features/worklog/edit';
import { useGetWorklogQuery, type Worklog } from '@/entities/worklog';
import { isApiError } from '@/shared/api';
import { notify } from '@/shared/lib';
import { Button, Card, CardSkeleton, FormAlert, MutedText, Page, PageHeader } from '@/shared/ui';

const detailPath = (number: string) => `/worklogs/${encodeURIComponent(number)}`;

interface FrameProps {
  readonly title: string;
  readonly back: string;
  readonly backLabel: string;
  readonly children: ReactNode;
}

function Frame({ title, back, backLabel, children }: FrameProps) {
  return (
    <Page width="detail" labelledBy="worklog-form-title">
      <PageHeader titleId="worklog-form-title" title={title} back={{ to: back, label: backLabel }} />
      {children}
    </Page>
  );
}

/** `/worklogs/new` and `/worklogs/:number/edit`: the worklog form, then the worklog's page. */
export function WorklogEditPage() {
  const { t } = useTranslation();
  const { number } = useParams();
  const navigate = useNavigate();

  const saved = (worklog: Worklog, created: boolean) => {
    void notify(t(created ? 'worklogs.created' : 'worklogs.saved', { number: worklog.number }), { variant: 'success' });
    void navigate(detailPath(worklog.number));
  };

  if (number === undefined) {
    return (
      <Frame title={t('worklogs.form.newTitle')} back="/worklogs" backLabel={t('worklogs.detail.back')}>
        <Card>
          <WorklogForm onSaved={(worklog) => saved(worklog, true)} onCancel={() => void navigate('/worklogs')} />
        </Card>
      </Frame>
    );
  }
  return <EditExisting number={number} onSaved={(worklog) => saved(worklog, false)} />;
}

function EditExisting({ number, onSaved }: { readonly number: string; readonly onSaved: (worklog: Worklog) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: worklog, error, isLoading, isFetching, refetch } = useGetWorklogQuery(number, { refetchOnMountOrArgChange: true });
  // Who changed it while the user edits, as the live updates heard (the form names them).
  const changedBy = useLastChangedBy('worklog', number);
  const title = t('worklogs.form.editTitle', { number });
  const back = detailPath(number);
  const backLabel = t('worklogs.form.backToWorklog');

  if (isLoading) {
    return (
      <Frame title={title} back={back} backLabel={backLabel}>
        <MutedText aria-busy="true">{t('errors.loading')}</MutedText>
        <CardSkeleton />
      </Frame>
    );
  }
  if (!worklog) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <Frame title={notFound ? t('worklogs.detail.notFoundTitle') : title} back="/worklogs" backLabel={t('worklogs.detail.back')}>
        {notFound ? (
          <MutedText>{t('worklogs.detail.notFoundText', { number })}</MutedText>
        ) : (
          <>
            <FormAlert>{isApiError(error) ? error.message : t('errors.unexpectedError')}</FormAlert>
            <div>
              <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
                {t('worklogs.retry')}
              </Button>
            </div>
          </>
        )}
      </Frame>
    );
  }
  return (
    <Frame title={title} back={back} backLabel={backLabel}>
      <Card>
        <WorklogForm worklog={worklog} onSaved={onSaved} onCancel={() => void navigate(back)} changedBy={changedBy} />
      </Card>
    </Frame>
  );
}
