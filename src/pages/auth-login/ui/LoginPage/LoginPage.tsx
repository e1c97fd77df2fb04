import { useTranslation } from 'react-i18next';

import { PagePlaceholder } from '@/shared/ui';

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <PagePlaceholder title={t('pages.login.title')}>
      <p>{t('pages.comingSoon')}</p>
    </PagePlaceholder>
  );
}
