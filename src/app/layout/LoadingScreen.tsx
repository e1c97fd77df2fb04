import { useTranslation } from 'react-i18next';

/** Shown while the first screen's code loads. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <p role="status" style={{ padding: 'var(--space-5)', color: 'var(--color-text-muted)' }}>
      {t('errors.loading')}
    </p>
  );
}
