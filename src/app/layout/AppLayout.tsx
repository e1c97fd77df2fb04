import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';

import { TopBar } from '@/widgets/top-bar';

import styles from './AppLayout.module.css';

/** The fixed top bar over a scrollable main area. */
export function AppLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        {t('app.skipToContent')}
      </a>
      <div className={styles.topBar}>
        <TopBar />
        {/* A page's code loads on first visit; this thin bar says something is happening. */}
        {loading ? <div className={styles.progress} role="progressbar" aria-label={t('errors.loading')} /> : null}
      </div>
      <main id="main" className={styles.main} tabIndex={-1} aria-busy={loading}>
        <Outlet />
      </main>
    </div>
  );
}
