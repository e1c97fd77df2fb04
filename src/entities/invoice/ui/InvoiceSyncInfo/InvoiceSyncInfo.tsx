import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/shared/lib/format';
import { DetailFields, type DetailField } from '@/shared/ui';

import type { Invoice } from '../../api/invoiceApi';
import { InvoiceStatusBadge } from '../InvoiceStatusBadge/InvoiceStatusBadge';

import styles from './InvoiceSyncInfo.module.css';

export interface InvoiceSyncInfoProps {
  readonly invoice: Pick<Invoice, 'status' | 'syncedAt' | 'externalId' | 'syncFailure' | 'syncError' | 'syncAttempts'>;
  /** Shown below the facts, e.g. the "Retry sync" button. */
  readonly action?: ReactNode;
}

/**
 * Where the invoice stands with the accounting system: the status, when synced its time and the
 * accounting system's id, when failed the reason in the user's words and the attempts so far. The
 * raw error (which may name internal hosts) comes from the API for staff only, as a technical detail.
 */
export function InvoiceSyncInfo({ invoice, action }: InvoiceSyncInfoProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const facts: DetailField[] = [
    ...(invoice.status === 'synced'
      ? [
          { key: 'syncedAt', label: t('invoices.fields.syncedAt'), value: format.dateTime(invoice.syncedAt) },
          { key: 'externalId', label: t('invoices.fields.externalId'), value: <span className={styles.mono}>{invoice.externalId}</span> },
        ]
      : []),
    ...(invoice.status === 'sync_failed'
      ? [
          {
            key: 'syncFailure',
            label: t('invoices.fields.syncFailure'),
            value: t(`invoices.sync.failure.${invoice.syncFailure ?? 'failed'}`),
            wide: true,
          },
        ]
      : []),
    ...(invoice.status === 'sync_failed' && invoice.syncError
      ? [
          {
            key: 'syncError',
            label: t('invoices.fields.syncError'),
            value: (
              // A long error scrolls in its box: focusable, so the keyboard can scroll it too.
              <span className={styles.error} tabIndex={0} role="region" aria-label={t('invoices.fields.syncError')}>
                {invoice.syncError}
              </span>
            ),
            wide: true,
          },
        ]
      : []),
    { key: 'syncAttempts', label: t('invoices.fields.syncAttempts'), value: format.number(invoice.syncAttempts) },
  ];
  return (
    <section className={styles.block} aria-labelledby="invoice-sync-title">
      <div className={styles.heading}>
        <h2 id="invoice-sync-title" className={styles.title}>
          {t('invoices.sync.title')}
        </h2>
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      <p className={styles.text} role="status">
        {t(`invoices.sync.explain.${invoice.status}`)}
      </p>
      <DetailFields fields={facts} minColumnWidth="12rem" />
      {action ? <div className={styles.action}>{action}</div> : null}
    </section>
  );
}
