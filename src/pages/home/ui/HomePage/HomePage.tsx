import { useTranslation } from 'react-i18next';

import { PagePlaceholder } from '@/shared/ui';

export function HomePage() {
  const { t } = useTranslation();
  return (
    <PagePlaceholder title={t('pages.home.title')}>
      <p>{t('pages.comingSoon')}</p>
    </PagePlaceholder>
  );
}
