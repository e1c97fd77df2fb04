import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { setPopStateGuard } from '../../lib/leaveGuard';

/** What the app's browser router keeps in each history entry: its place in the tab's history. */
const historyIndex = (): number | null => {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' ? state.idx : null;
};

/** An in-app link the router would follow on this click, as a path with its query; null for anything else. */
function routerLinkTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * While `active`, holds back the ways out of the page inside the app and asks `ask` first: a click on
 * an in-app link (any `<a>`: the top bar, buttons that are links) and Back or Forward. On yes the way
 * out goes on; on no the page stays as it is. The app keeps React Router's small declarative router
 * (its data router, the one with `useBlocker`, would cost 16 kB gzip on every page), so this listens
 * where the router does: clicks before they reach a link, and `popstate` before the router sees it
 * (the app installs that listener before the router: `installPopStateGuard`).
 */
export function useNavigationBlock(active: boolean, ask: () => Promise<boolean>): void {
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const latest = useRef({ ask, navigate, here });
  useEffect(() => {
    latest.current = { ask, navigate, here };
  });

  useEffect(() => {
    if (!active) return undefined;
    // Where the page is in the tab's history: Back or Forward is undone to it before asking.
    const home = historyIndex();
    let returning = false;
    let released = false;

    const onClick = (event: MouseEvent) => {
      const to = routerLinkTarget(event);
      if (to === null || released) return;
      const { pathname, search } = new URL(to, window.location.href);
      if (`${pathname}${search}` === latest.current.here) return;
      // Before the link's own handler (the router's) sees it.
      event.preventDefault();
      event.stopPropagation();
      void latest.current.ask().then((leave) => {
        if (!leave) return;
        released = true;
        void latest.current.navigate(to);
      });
    };

    const onPopState = (event: PopStateEvent) => {
      if (released) return;
      const now = historyIndex();
      // The browser already moved; the router must not follow until the user says so.
      event.stopImmediatePropagation();
      if (returning) {
        returning = false;
        return;
      }
      if (home === null || now === null) {
        // Not the router's own entries: nothing to come back to; ask, then go on or stay.
        void latest.current.ask().then((leave) => {
          released = leave;
          if (leave) window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
        });
        return;
      }
      const delta = home - now;
      returning = true;
      window.history.go(delta);
      void latest.current.ask().then((leave) => {
        if (!leave) return;
        released = true;
        window.history.go(-delta);
      });
    };

    document.addEventListener('click', onClick, true);
    // Heard before the router (installPopStateGuard), which it then keeps from following.
    const removePopStateGuard = setPopStateGuard(onPopState);
    return () => {
      document.removeEventListener('click', onClick, true);
      removePopStateGuard();
    };
  }, [active]);
}
