import { useEffect } from 'react';

/**
 * Asks before the page is closed or reloaded while `changed`. The app's router is a
 * `<BrowserRouter>` (no data router, so no `useBlocker`): in-app ways out of the form ask
 * through the form's own Cancel instead.
 */
export function useLeaveGuard(changed: boolean): void {
  useEffect(() => {
    if (!changed) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [changed]);
}
