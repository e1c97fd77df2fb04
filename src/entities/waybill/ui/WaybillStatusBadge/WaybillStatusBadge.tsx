import { useValueLabels } from '@/shared/i18n';
import { Badge, type BadgeTone } from '@/shared/ui';

import type { WaybillStatus } from '../../api/waybillApi';

const TONES: Readonly<Record<WaybillStatus, BadgeTone>> = {
  draft: 'neutral',
  confirmed: 'info',
  delivered: 'success',
  invoiced: 'success',
  cancelled: 'danger',
};

export function WaybillStatusBadge({ status }: { readonly status: WaybillStatus }) {
  const valueLabels = useValueLabels();
  return <Badge tone={TONES[status]}>{valueLabels.waybillStatus(status)}</Badge>;
}
