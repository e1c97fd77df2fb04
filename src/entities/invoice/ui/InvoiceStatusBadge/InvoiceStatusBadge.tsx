import { useTranslation } from 'react-i18next';

import { Badge, type BadgeTone } from '@/shared/ui';

import type { InvoiceStatus } from '../../api/invoiceApi';

const TONES: Readonly<Record<InvoiceStatus, BadgeTone>> = {
  pending_sync: 'info',
  synced: 'success',
  sync_failed: 'danger',
};

export function InvoiceStatusBadge({ status }: { readonly status: InvoiceStatus }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[status]}>{t(`entities.invoice.status.${status}`)}</Badge>;
}
