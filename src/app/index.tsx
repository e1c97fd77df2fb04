import './styles/index.css';

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { persistStore, type Persistor } from 'redux-persist';

import { selectLocale } from '@/entities/preferences';
import { selectIsAuthenticated, sessionInitialized } from '@/entities/session';
import { configResult } from '@/shared/config';
import { whenSessionSettled } from '@/shared/model';
import { initI18n } from '@/shared/i18n';
import { deferMonitoring, initMonitoring, installPopStateGuard, probeServer } from '@/shared/lib';

import { AppErrorBoundary, AppProviders, ConfigErrorScreen } from './providers';
import { AppRouter } from './router';
import { makeStore, shareSessionAcrossTabs } from './store';

const whenRehydrated = (persistor: Persistor): Promise<void> =>
  new Promise((resolve) => {
    const check = () => {
      if (persistor.getState().bootstrapped) {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = persistor.subscribe(check);
    check();
  });

// Monitoring is not needed for the first paint, so it loads when the browser is idle.
const afterFirstPaint = (task: () => void): void => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 1);
};

async function bootstrap(): Promise<void> {
  // Before the router: a form with changes must hear Back and Forward first, to ask before leaving.
  installPopStateGuard();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const root = createRoot(container);

  let persistor: Persistor | null = null;
  const store = makeStore(undefined, {
    persist: true,
    trackExports: true,
    liveUpdates: true,
    reloadOnLocaleChange: true,
    watchConnection: { probe: () => probeServer() },
    // An expired session is signed out, or a language chosen: the state must be stored before the page reloads.
    reloadPage: async () => {
      // Not in the middle of a token refresh, whose new tokens the reload would lose.
      await whenSessionSettled();
      await persistor?.flush();
      window.location.reload();
    },
  });
  persistor = persistStore(store);
  await whenRehydrated(persistor);
  // Other tabs of the app share the session: one refresh at a time, new tokens and sign-outs seen by all.
  shareSessionAcrossTabs(store, persistor);
  store.dispatch(sessionInitialized());

  // The remembered locale is known only after rehydration, so translations load after it; the
  // signed-in screens' texts only for a signed-in user.
  const i18n = await initI18n({
    lng: selectLocale(store.getState()),
    cacheVersion: configResult.ok ? configResult.config.buildId : 'unconfigured',
    signedIn: selectIsAuthenticated(store.getState()),
  });

  if (!configResult.ok) {
    root.render(
      <AppProviders store={store} i18n={i18n}>
        <ConfigErrorScreen problems={configResult.problems} />
      </AppProviders>,
    );
    return;
  }
  const { config } = configResult;

  if (config.apiMocking) {
    const { startMockWorker } = await import('./mocks/browser');
    await startMockWorker();
  }

  // As a transition, React renders the first screen in slices and lets the browser in between
  // (input, paint) instead of holding the main thread for the whole tree at once.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders store={store} i18n={i18n}>
          <AppErrorBoundary>
            <AppRouter />
          </AppErrorBoundary>
        </AppProviders>
      </StrictMode>,
    );
  });

  const { sentryDsn } = config;
  if (sentryDsn) {
    const monitoring = { dsn: sentryDsn, environment: config.isProduction ? 'production' : 'development', release: config.buildId };
    // A visitor (the sign-in page) loads Sentry only with a first error; a signed-in user's page
    // loads it when the browser is idle, and so does the page of a visitor who signs in.
    deferMonitoring(monitoring);
    const startWhenSignedIn = () => {
      if (!selectIsAuthenticated(store.getState())) return false;
      afterFirstPaint(() => void initMonitoring(monitoring));
      return true;
    };
    if (!startWhenSignedIn()) {
      const unsubscribe = store.subscribe(() => {
        if (startWhenSignedIn()) unsubscribe();
      });
    }
  }
}

void bootstrap();
