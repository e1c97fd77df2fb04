import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';

import { isToastAreaWanted, subscribeToastAreaWanted } from '@/shared/lib';

import type { AppStore } from '../store';

import { DocumentSync } from './DocumentSync';

// Toasts are never part of the first paint: the toast area (notistack) loads with the first toast.
const Toaster = lazy(() => import('./Toaster').then((module) => ({ default: module.Toaster })));

export interface AppProvidersProps {
  readonly store: AppStore;
  readonly i18n: I18n;
  readonly children: ReactNode;
}

/** Everything a screen needs around it; shared by the app, Storybook and tests. */
export function AppProviders({ store, i18n, children }: AppProvidersProps) {
  const toastsWanted = useSyncExternalStore(subscribeToastAreaWanted, isToastAreaWanted, isToastAreaWanted);
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <DocumentSync />
        {children}
        {toastsWanted ? (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        ) : null}
      </I18nextProvider>
    </Provider>
  );
}
