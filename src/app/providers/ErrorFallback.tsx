import { useTranslation } from 'react-i18next';

import { Button } from '@/shared/ui';

import styles from './ErrorFallback.module.css';

/** What a screen shows instead of going blank when it fails to render. */
export function ErrorFallback() {
  const { t } = useTranslation();
  return (
    <div role="alert" className={styles.fallback}>
      <h1 className={styles.title}>{t('errors.boundaryTitle')}</h1>
      <p className={styles.text}>{t('errors.boundaryText')}</p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </div>
  );
}
