import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';

import { toastAreaMounted } from '@/shared/lib';

import './Toaster.css';

import { TOAST_ANCHOR, TOAST_AUTO_HIDE_MS, TOAST_MAX_VISIBLE } from './toastConfig';

/**
 * The toast area. Without children, notistack's global `enqueueSnackbar` drives it; toasts asked
 * for before it mounted (it loads after the first paint) are shown once it is (shared/lib/notify).
 */
export function Toaster() {
  // The provider sets notistack's globals as it renders, so they are live by the time this effect runs.
  useEffect(
    () =>
      toastAreaMounted({
        enqueue: (...args: Parameters<typeof enqueueSnackbar>) => enqueueSnackbar(...args),
        close: (key) => closeSnackbar(key),
      } as Parameters<typeof toastAreaMounted>[0]),
    [],
  );
  return <SnackbarProvider anchorOrigin={TOAST_ANCHOR} autoHideDuration={TOAST_AUTO_HIDE_MS} maxSnack={TOAST_MAX_VISIBLE} />;
}
