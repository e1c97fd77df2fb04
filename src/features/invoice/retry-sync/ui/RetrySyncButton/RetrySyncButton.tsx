import { INVOICE_RETRYABLE_STATUS } from '@timberlog/contract';
import { useTranslation } from 'react-i18next';

import { useRetryInvoiceSyncMutation, type Invoice } from '@/entities/invoice';
import { Button } from '@/shared/ui';

export interface RetrySyncButtonProps {
  readonly invoice: Pick<Invoice, 'number' | 'status' | 'version'>;
  /** The refused or failed retry (the server's error), or null when a new one starts. */
  readonly onError: (error: unknown) => void;
  /** Told the version retried as the retry is sent (`useInvoiceSync`'s `retried`). */
  readonly onRetry?: (version: number) => void;
}

/** "Retry sync": shown only where the contract allows a retry (a failed sync). */
export function RetrySyncButton({ invoice, onError, onRetry }: RetrySyncButtonProps) {
  const { t } = useTranslation();
  const [retry, { isLoading }] = useRetryInvoiceSyncMutation();
  if (invoice.status !== INVOICE_RETRYABLE_STATUS) return null;
  return (
    <Button
      variant="secondary"
      disabled={isLoading}
      onClick={() => {
        onError(null);
        onRetry?.(invoice.version);
        retry({ number: invoice.number, version: invoice.version })
          .unwrap()
          .catch((error: unknown) => onError(error));
      }}
    >
      {isLoading ? t('invoices.sync.retrying') : t('invoices.sync.retry')}
    </Button>
  );
}
