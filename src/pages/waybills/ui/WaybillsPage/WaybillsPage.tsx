import { useTranslation } from 'react-i18next';

import { PagePlaceholder } from '@/shared/ui';

export function WaybillsPage() {
  const { t } = useTranslation();
  return (
    <PagePlaceholder title={t('pages.waybills.title')}>
      <p>{t('pages.comingSoon')}</p>
    </PagePlaceholder>
  );
}
