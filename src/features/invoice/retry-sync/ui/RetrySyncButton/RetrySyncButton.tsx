import { INVOICE_RETRYABLE_STATUS } from '@timberlog/contract';
import { useTranslation } from 'react-i18next';

import { useRetryInvoiceSyncMutation, type Invoice } from '@/entities/invoice';
import { Button } from '@/shared/ui';

export interface RetrySyncButtonProps {
  readonly invoice: Pick<Invoice, 'number' | 'status' | 'version'>;
  /** The refused or failed retry (the server's error), or null when a new one starts. */
  readonly onError: (error: unknown) => void;
}

/** "Retry sync": shown only where the contract allows a retry (a failed sync). */
export function RetrySyncButton({ invoice, onError }: RetrySyncButtonProps) {
  const { t } = useTranslation();
  const [retry, { isLoading }] = useRetryInvoiceSyncMutation();
  if (invoice.status !== INVOICE_RETRYABLE_STATUS) return null;
  return (
    <Button
      variant="secondary"
      disabled={isLoading}
      onClick={() => {
        onError(null);
        retry({ number: invoice.number, version: invoice.version })
          .unwrap()
          .catch((error: unknown) => onError(error));
      }}
    >
      {isLoading ? t('invoices.sync.retrying') : t('invoices.sync.retry')}
    </Button>
  );
}
