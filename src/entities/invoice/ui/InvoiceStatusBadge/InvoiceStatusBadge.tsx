import { useValueLabels } from '@/shared/i18n';
import { Badge, type BadgeTone } from '@/shared/ui';

import type { InvoiceStatus } from '../../api/invoiceApi';

const TONES: Readonly<Record<InvoiceStatus, BadgeTone>> = {
  pending_sync: 'info',
  synced: 'success',
  sync_failed: 'danger',
};

export function InvoiceStatusBadge({ status }: { readonly status: InvoiceStatus }) {
  const valueLabels = useValueLabels();
  return <Badge tone={TONES[status]}>{valueLabels.invoiceStatus(status)}</Badge>;
}
