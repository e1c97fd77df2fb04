import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';

import { RetrySyncButton, useInvoiceSync } from '@/features/invoice/retry-sync';
import { formatMoney, InvoiceLines, InvoiceStatusBadge, InvoiceSyncInfo, type Invoice } from '@/entities/invoice';
import { extractApiError, isApiError } from '@/shared/api';
import { notify } from '@/shared/lib';
import { useFormat } from '@/shared/lib/format';
import { Button, FormAlert } from '@/shared/ui';

import styles from './InvoiceDetailPage.module.css';

/** Where "Back to invoices" goes: the list view the user came from, if they came from one. */
const listLink = (state: unknown): string => {
  const search = (state as { listSearch?: unknown } | null)?.listSearch;
  return typeof search === 'string' ? `/invoices${search}` : '/invoices';
};

const errorText = (error: unknown): string => {
  const apiError = isApiError(error) ? error : extractApiError(error);
  if (apiError.hasMessage) return apiError.message;
  const fieldMessages = Object.values(apiError.fieldErrors);
  return fieldMessages.length > 0 ? fieldMessages.join(' ') : apiError.message;
};

/**
 * One invoice: header fields, lines and totals, its waybills, and the sync block. While the
 * invoice awaits sync the page reads it again every 2 seconds, and says how the sync ended.
 */
export function InvoiceDetailPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { number = '' } = useParams();
  const location = useLocation();
  const [actionError, setActionError] = useState<string | null>(null);
  const onSyncEnded = useCallback(
    (invoice: Invoice) => {
      if (invoice.status === 'synced') void notify(t('invoices.sync.toastSynced', { number: invoice.number }), { variant: 'success' });
      else void notify(t('invoices.sync.toastFailed', { number: invoice.number }), { variant: 'error' });
    },
    [t],
  );
  const { data: invoice, error, isLoading, isFetching, refetch } = useInvoiceSync(number, onSyncEnded);
  const back = listLink(location.state);

  const backLink = (
    <Link to={back} className={styles.back}>
      {t('invoices.detail.back')}
    </Link>
  );

  if (isLoading) {
    return (
      <section className={styles.page} aria-busy="true" aria-labelledby="invoice-title">
        {backLink}
        <h1 id="invoice-title" className={styles.title}>
          {t('invoices.detail.title', { number })}
        </h1>
        <p className={styles.muted}>{t('errors.loading')}</p>
        <div className={styles.skeleton} />
      </section>
    );
  }

  if (!invoice) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <section className={styles.page} aria-labelledby="invoice-title">
        {backLink}
        <h1 id="invoice-title" className={styles.title}>
          {notFound ? t('invoices.detail.notFoundTitle') : t('invoices.detail.title', { number })}
        </h1>
        {notFound ? (
          <p className={styles.muted}>{t('invoices.detail.notFoundText', { number })}</p>
        ) : (
          <>
            <FormAlert>{isApiError(error) ? error.message : t('errors.unexpectedError')}</FormAlert>
            <div>
              <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
                {t('invoices.retry')}
              </Button>
            </div>
          </>
        )}
      </section>
    );
  }

  const money = (value: string) => formatMoney(value, invoice.currency, format.locale);
  const fields: readonly { key: string; value: ReactNode }[] = [
    {
      key: 'customer',
      value: (
        <>
          <Link to={`/invoices?${new URLSearchParams({ customer: invoice.customer }).toString()}`}>{invoice.customerName || invoice.customer}</Link>
          <span className={styles.code}>{invoice.customer}</span>
        </>
      ),
    },
    { key: 'issueDate', value: format.date(invoice.issueDate) },
    { key: 'dueDate', value: format.date(invoice.dueDate) },
    { key: 'grossTotal', value: money(invoice.grossTotal) },
    { key: 'createdBy', value: invoice.createdBy ?? t('invoices.none') },
    { key: 'createdAt', value: format.dateTime(invoice.createdAt) },
    { key: 'lastModifiedAt', value: format.dateTime(invoice.lastModifiedAt) },
  ];

  return (
    <section className={styles.page} aria-labelledby="invoice-title">
      {backLink}
      <header className={styles.header}>
        <h1 id="invoice-title" className={styles.title}>
          {t('invoices.detail.title', { number: invoice.number })}
        </h1>
        <InvoiceStatusBadge status={invoice.status} />
      </header>
      <div className={styles.card}>
        <dl className={styles.fields}>
          {fields.map((field) => (
            <div key={field.key} className={styles.field}>
              <dt>{t(`invoices.fields.${field.key}`)}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <InvoiceSyncInfo
        invoice={invoice}
        action={
          <>
            <RetrySyncButton invoice={invoice} onError={(failure) => setActionError(failure === null ? null : errorText(failure))} />
            {actionError ? <FormAlert>{actionError}</FormAlert> : null}
          </>
        }
      />
      <section className={styles.card} aria-labelledby="invoice-lines-title">
        <h2 id="invoice-lines-title" className={styles.subtitle}>
          {t('invoices.lines.title')}
        </h2>
        <InvoiceLines invoice={invoice} />
      </section>
      <section className={styles.card} aria-labelledby="invoice-waybills-title">
        <h2 id="invoice-waybills-title" className={styles.subtitle}>
          {t('invoices.detail.waybills', { count: invoice.waybills.length })}
        </h2>
        <ul className={styles.waybills}>
          {invoice.waybills.map((waybill) => (
            <li key={waybill}>
              <Link to={`/waybills/${encodeURIComponent(waybill)}`}>{waybill}</Link>
            </li>
          ))}
        </ul>
        <Link to={`/waybills?${new URLSearchParams({ invoice: invoice.number }).toString()}`} className={styles.more}>
          {t('invoices.detail.waybillsList')}
        </Link>
      </section>
    </section>
  );
}
