import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';

import { useGetWorklogQuery, WorklogDetails } from '@/entities/worklog';
import { isApiError } from '@/shared/api';
import { Button, FormAlert } from '@/shared/ui';

import styles from './DetailPage.module.css';

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

  const backLink = (
    <Link to={listLink(location.state)} className={styles.back}>
      {t('worklogs.detail.back')}
    </Link>
  );

  if (isLoading) {
    return (
      <section className={styles.page} aria-busy="true" aria-labelledby="worklog-title">
        {backLink}
        <h1 id="worklog-title" className={styles.title}>
          {t('worklogs.detail.title', { number })}
        </h1>
        <p className={styles.muted}>{t('errors.loading')}</p>
        <div className={styles.skeleton} />
      </section>
    );
  }

  if (!worklog) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <section className={styles.page} aria-labelledby="worklog-title">
        {backLink}
        <h1 id="worklog-title" className={styles.title}>
          {notFound ? t('worklogs.detail.notFoundTitle') : t('worklogs.detail.title', { number })}
        </h1>
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
      </section>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="worklog-title">
      {backLink}
      <header className={styles.header}>
        <h1 id="worklog-title" className={styles.title}>
          {t('worklogs.detail.title', { number: worklog.number })}
        </h1>
        <div className={styles.actions} role="group" aria-label={t('worklogs.detail.actions')}>
          <Button variant="secondary" to={`/worklogs/${encodeURIComponent(worklog.number)}/edit`}>
            {t('worklogs.actions.edit')}
          </Button>
        </div>
      </header>
      <div className={styles.card}>
        <WorklogDetails worklog={worklog} />
      </div>
    </section>
  );
}
