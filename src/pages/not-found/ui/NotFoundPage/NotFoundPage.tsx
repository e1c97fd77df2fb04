import { useTranslation } from 'react-i18next';

import { Button, PagePlaceholder } from '@/shared/ui';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PagePlaceholder title={t('pages.notFound.title')}>
      <p>{t('pages.notFound.text')}</p>
      <Button to="/" variant="secondary">
        {t('pages.notFound.backHome')}
      </Button>
    </PagePlaceholder>
  );
}
