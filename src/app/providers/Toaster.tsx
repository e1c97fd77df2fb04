import { SnackbarProvider } from 'notistack';

import { TOAST_ANCHOR, TOAST_AUTO_HIDE_MS } from './toastConfig';

/** The toast area. Without children, notistack's global `enqueueSnackbar` (see shared/lib/notify) drives it. */
export function Toaster() {
  return (
    <SnackbarProvider
      anchorOrigin={TOAST_ANCHOR}
      autoHideDuration={TOAST_AUTO_HIDE_MS}
      maxSnack={4}
    />
  );
}
