import { useTranslation } from 'react-i18next';

import { PagePlaceholder } from '@/shared/ui';

export function InvoicesPage() {
  const { t } = useTranslation();
  return (
    <PagePlaceholder title={t('pages.invoices.title')}>
      <p>{t('pages.comingSoon')}</p>
    </PagePlaceholder>
  );
}
