import { paymentReference } from '@timberlog/contract';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';

import { DocumentActions, SendInvoiceButton } from '@/features/document-actions';
import { RetrySyncButton, useInvoiceSync } from '@/features/invoice/retry-sync';
import { RecordHistory, type HistoryField } from '@/entities/history';
import { formatMoney, InvoiceLines, InvoiceStatusBadge, InvoiceSyncInfo, type Invoice } from '@/entities/invoice';
import { extractApiError, isApiError } from '@/shared/api';
import { notify } from '@/shared/lib';
import { useValueLabels } from '@/shared/i18n';
import { useFormat } from '@/shared/lib/format';
import { Card, type DetailField, DetailFields, FormAlert, Page, PageHeader, RecordPageFallback } from '@/shared/ui';

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
  const { data: invoice, error, isLoading, isFetching, refetch, retried } = useInvoiceSync(number, onSyncEnded);
  const back = listLink(location.state);

  const header = { titleId: 'invoice-title', back: { to: back, label: t('invoices.detail.back') } };

  if (isLoading || !invoice) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <RecordPageFallback
        {...header}
        title={t('invoices.detail.title', { number })}
        loading={isLoading}
        notFound={notFound ? { title: t('invoices.detail.notFoundTitle'), text: t('invoices.detail.notFoundText', { number }) } : null}
        failure={isApiError(error) ? error.message : t('errors.unexpectedError')}
        retryLabel={t('invoices.retry')}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }

  const money = (value: string) => formatMoney(value, invoice.currency, format.locale);
  const field = (key: string, value: ReactNode): DetailField => ({ key, label: t(`invoices.fields.${key}`), value });
  const fields: readonly DetailField[] = [
    field(
      'customer',
      <>
        <Link to={`/invoices?${new URLSearchParams({ customer: invoice.customer }).toString()}`}>
          {invoice.customerName || invoice.customer}
        </Link>
        <span className={styles.code}>{invoice.customer}</span>
      </>,
    ),
    field('issueDate', format.date(invoice.issueDate)),
    field('dueDate', format.date(invoice.dueDate)),
    // The customer pays quoting it (7-3-1, as the invoice's PDF and e-invoice carry it).
    field('paymentReference', paymentReference(invoice.number)),
    field('grossTotal', money(invoice.grossTotal)),
    field('createdBy', invoice.createdByName ?? invoice.createdBy ?? t('invoices.none')),
    field('createdAt', format.dateTime(invoice.createdAt)),
    field('lastModifiedAt', format.dateTime(invoice.lastModifiedAt)),
  ];

  return (
    <Page width="detail" labelledBy="invoice-title">
      <PageHeader
        {...header}
        title={t('invoices.detail.title', { number: invoice.number })}
        badge={<InvoiceStatusBadge status={invoice.status} />}
      />
      <DocumentActions record="invoices" number={invoice.number} einvoice>
        <SendInvoiceButton invoice={invoice} />
      </DocumentActions>
      <Card compact>
        <DetailFields fields={fields} />
      </Card>
      <InvoiceSyncInfo
        invoice={invoice}
        action={
          <>
            <RetrySyncButton
              invoice={invoice}
              onRetry={retried}
              onError={(failure) => setActionError(failure === null ? null : errorText(failure))}
            />
            {actionError ? <FormAlert>{actionError}</FormAlert> : null}
          </>
        }
      />
      <Card compact title={t('invoices.lines.title')}>
        <InvoiceLines invoice={invoice} />
      </Card>
      <Card compact title={t('invoices.detail.waybills', { count: invoice.waybills.length })}>
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
      </Card>
      <Card compact>
        <InvoiceHistory number={invoice.number} currency={invoice.currency} />
      </Card>
    </Page>
  );
}

/** The invoice's history: its sync attempts and results, sending, changes; values as the page shows them. */
function InvoiceHistory({ number, currency }: { readonly number: string; readonly currency: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const valueLabels = useValueLabels();
  const label = (field: string) => t(`invoices.fields.${field}`);
  const plain = ['customer', 'externalId', 'syncFailure', 'syncError', 'syncAttempts', 'vatRate', 'sendAttempts', 'sendError'];
  const money = (value: string) => formatMoney(value, currency, format.locale);
  const fields: Record<string, HistoryField> = {
    ...Object.fromEntries(plain.map((field) => [field, { label: label(field) }])),
    sentAt: { label: label('sentAt'), format: (value) => format.dateTime(value) },
    sentTo: { label: label('sentTo') },
    status: { label: label('status'), format: valueLabels.invoiceStatus },
    issueDate: { label: label('issueDate'), format: (value) => format.date(value) },
    dueDate: { label: label('dueDate'), format: (value) => format.date(value) },
    syncedAt: { label: label('syncedAt'), format: (value) => format.dateTime(value) },
    netTotal: { label: label('netTotal'), format: money },
    vatTotal: { label: label('vatTotal'), format: money },
    grossTotal: { label: label('grossTotal'), format: money },
  };
  return <RecordHistory entity="invoice" recordKey={number} fields={fields} />;
}
