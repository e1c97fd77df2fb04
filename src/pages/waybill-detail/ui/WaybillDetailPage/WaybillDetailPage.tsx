import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';

import { DeleteWaybillButton } from '@/features/waybill/delete';
import { WaybillStatusActions, waybillActions } from '@/features/waybill/change-status';
import { useGetWaybillQuery, WaybillDetails, WaybillStatusBadge } from '@/entities/waybill';
import { isApiError } from '@/shared/api';
import { notify } from '@/shared/lib';
import { Button, FormAlert } from '@/shared/ui';

import { actionErrorText } from '../../lib/actionErrorText';

import styles from './DetailPage.module.css';

/** Where "Back to waybills" goes: the list view the user came from, if they came from one. */
const listLink = (state: unknown): string => {
  const search = (state as { listSearch?: unknown } | null)?.listSearch;
  return typeof search === 'string' ? `/waybills${search}` : '/waybills';
};

/** One waybill: every field, its related records as links, and the actions its status allows. */
export function WaybillDetailPage() {
  const { t } = useTranslation();
  const { number = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: waybill, error, isLoading, isFetching, refetch } = useGetWaybillQuery(number);
  const [actionError, setActionError] = useState<string | null>(null);
  const showError = (failure: unknown) => setActionError(failure === null ? null : actionErrorText(failure));
  const back = listLink(location.state);

  const backLink = (
    <Link to={back} className={styles.back}>
      {t('waybills.detail.back')}
    </Link>
  );

  if (isLoading) {
    return (
      <section className={styles.page} aria-busy="true" aria-labelledby="waybill-title">
        {backLink}
        <h1 id="waybill-title" className={styles.title}>
          {t('waybills.detail.title', { number })}
        </h1>
        <p className={styles.muted}>{t('errors.loading')}</p>
        <div className={styles.skeleton} />
      </section>
    );
  }

  if (!waybill) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <section className={styles.page} aria-labelledby="waybill-title">
        {backLink}
        <h1 id="waybill-title" className={styles.title}>
          {notFound ? t('waybills.detail.notFoundTitle') : t('waybills.detail.title', { number })}
        </h1>
        {notFound ? (
          <p className={styles.muted}>{t('waybills.detail.notFoundText', { number })}</p>
        ) : (
          <>
            <FormAlert>{isApiError(error) ? error.message : t('errors.unexpectedError')}</FormAlert>
            <div>
              <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
                {t('waybills.retry')}
              </Button>
            </div>
          </>
        )}
      </section>
    );
  }

  const { canEdit, canDelete } = waybillActions(waybill.status);

  return (
    <section className={styles.page} aria-labelledby="waybill-title">
      {backLink}
      <header className={styles.header}>
        <div className={styles.heading}>
          <h1 id="waybill-title" className={styles.title}>
            {t('waybills.detail.title', { number: waybill.number })}
          </h1>
          <WaybillStatusBadge status={waybill.status} />
        </div>
        <div className={styles.actions} role="group" aria-label={t('waybills.detail.actions')}>
          {canEdit ? (
            <Button variant="secondary" to={`/waybills/${encodeURIComponent(waybill.number)}/edit`}>
              {t('waybills.actions.edit')}
            </Button>
          ) : null}
          <WaybillStatusActions waybill={waybill} onError={showError} />
          {canDelete ? (
            <DeleteWaybillButton
              waybill={waybill}
              onDeleted={() => {
                void notify(t('waybills.deleted', { number: waybill.number }), { variant: 'success' });
                void navigate(back);
              }}
            />
          ) : null}
        </div>
      </header>
      {actionError ? <FormAlert>{actionError}</FormAlert> : null}
      <div className={styles.card}>
        <WaybillDetails waybill={waybill} />
      </div>
    </section>
  );
}
