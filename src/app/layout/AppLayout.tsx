import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';

import { ConnectionBanner } from '@/widgets/connection-banner';
import { TopBar } from '@/widgets/top-bar';

import { AppErrorBoundary } from '../providers';

import styles from './AppLayout.module.css';
import { LoadingScreen } from './LoadingScreen';

/** The fixed top bar and the connection banner over a scrollable main area. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        {t('app.skipToContent')}
      </a>
      <div className={styles.topBar}>
        <TopBar />
      </div>
      <ConnectionBanner />
      <main id="main" className={styles.main} tabIndex={-1}>
        {/* Keyed by path: a page that failed is left behind when the user navigates away. */}
        <AppErrorBoundary key={pathname}>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </AppErrorBoundary>
      </main>
    </div>
  );
}
