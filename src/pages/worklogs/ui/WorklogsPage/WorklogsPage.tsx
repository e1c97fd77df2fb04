import { useTranslation } from 'react-i18next';

import { PagePlaceholder } from '@/shared/ui';

export function WorklogsPage() {
  const { t } = useTranslation();
  return (
    <PagePlaceholder title={t('pages.worklogs.title')}>
      <p>{t('pages.comingSoon')}</p>
    </PagePlaceholder>
  );
}
