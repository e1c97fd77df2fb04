import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  return <Badge tone={TONES[status]}>{t(`entities.waybill.status.${status}`)}</Badge>;
}
