import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { WorklogForm } from '@/features/worklog/edit';
import { useGetWorklogQuery, type Worklog } from '@/entities/worklog';
import { isApiError } from '@/shared/api';
import { notify } from '@/shared/lib';
import { Button, FormAlert } from '@/shared/ui';

import styles from './EditPage.module.css';

const detailPath = (number: string) => `/worklogs/${encodeURIComponent(number)}`;

interface FrameProps {
  readonly title: string;
  readonly back: string;
  readonly backLabel: string;
  readonly children: ReactNode;
}

function Frame({ title, back, backLabel, children }: FrameProps) {
  return (
    <section className={styles.page} aria-labelledby="worklog-form-title">
      <Link to={back} className={styles.back}>
        {backLabel}
      </Link>
      <h1 id="worklog-form-title" className={styles.title}>
        {title}
      </h1>
      {children}
    </section>
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
        <div className={styles.card}>
          <WorklogForm onSaved={(worklog) => saved(worklog, true)} onCancel={() => void navigate('/worklogs')} />
        </div>
      </Frame>
    );
  }
  return <EditExisting number={number} onSaved={(worklog) => saved(worklog, false)} />;
}

function EditExisting({ number, onSaved }: { readonly number: string; readonly onSaved: (worklog: Worklog) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: worklog, error, isLoading, isFetching, refetch } = useGetWorklogQuery(number, { refetchOnMountOrArgChange: true });
  const title = t('worklogs.form.editTitle', { number });
  const back = detailPath(number);
  const backLabel = t('worklogs.form.backToWorklog');

  if (isLoading) {
    return (
      <Frame title={title} back={back} backLabel={backLabel}>
        <p className={styles.muted} aria-busy="true">
          {t('errors.loading')}
        </p>
        <div className={styles.skeleton} />
      </Frame>
    );
  }
  if (!worklog) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <Frame title={notFound ? t('worklogs.detail.notFoundTitle') : title} back="/worklogs" backLabel={t('worklogs.detail.back')}>
        {notFound ? (
          <p className={styles.muted}>{t('worklogs.detail.notFoundText', { number })}</p>
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
      <div className={styles.card}>
        <WorklogForm worklog={worklog} onSaved={onSaved} onCancel={() => void navigate(back)} />
      </div>
    </Frame>
  );
}
