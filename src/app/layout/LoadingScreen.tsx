import { useTranslation } from 'react-i18next';

import { CardSkeleton, Page, Skeleton } from '@/shared/ui';

import styles from './LoadingScreen.module.css';

/**
 * Shown while a page's code loads (the home page right after sign-in, any page opened the first
 * time): the page's outline in the skeletons the lists and records use, so the screen does not jump
 * from one line of text to a whole page. Says "Loading…" to assistive technology only.
 */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Page width="wide" label={t('errors.loading')} busy>
      <p role="status" className={styles.status}>
        {t('errors.loading')}
      </p>
      <div className={styles.header} aria-hidden="true">
        <Skeleton width="14rem" height="1.75rem" />
        <span className={styles.actions}>
          <Skeleton width="7rem" height="2.25rem" />
          <Skeleton width="7rem" height="2.25rem" />
        </span>
      </div>
      <div className={styles.columns}>
        <CardSkeleton />
        <CardSkeleton />
      </div>
      <CardSkeleton />
    </Page>
  );
}
