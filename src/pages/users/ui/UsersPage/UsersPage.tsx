import { useTranslation } from 'react-i18next';

import { PagePlaceholder } from '@/shared/ui';

export function UsersPage() {
  const { t } = useTranslation();
  return (
    <PagePlaceholder title={t('pages.users.title')}>
      <p>{t('pages.comingSoon')}</p>
    </PagePlaceholder>
  );
}
