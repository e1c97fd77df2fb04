import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/shared/lib/format';

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
      <dl className={styles.facts}>
        {invoice.status === 'synced' ? (
          <>
            <div>
              <dt>{t('invoices.fields.syncedAt')}</dt>
              <dd>{format.dateTime(invoice.syncedAt)}</dd>
            </div>
            <div>
              <dt>{t('invoices.fields.externalId')}</dt>
              <dd className={styles.mono}>{invoice.externalId}</dd>
            </div>
          </>
        ) : null}
        {invoice.status === 'sync_failed' ? (
          <div className={styles.wide}>
            <dt>{t('invoices.fields.syncFailure')}</dt>
            <dd>{t(`invoices.sync.failure.${invoice.syncFailure ?? 'failed'}`)}</dd>
          </div>
        ) : null}
        {invoice.status === 'sync_failed' && invoice.syncError ? (
          <div className={styles.wide}>
            <dt>{t('invoices.fields.syncError')}</dt>
            <dd className={styles.error}>{invoice.syncError}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('invoices.fields.syncAttempts')}</dt>
          <dd>{format.number(invoice.syncAttempts)}</dd>
        </div>
      </dl>
      {action ? <div className={styles.action}>{action}</div> : null}
    </section>
  );
}
