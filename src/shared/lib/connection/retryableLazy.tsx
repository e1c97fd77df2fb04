import { createElement, lazy, type ComponentType } from 'react';

type Module<P> = Promise<{ default: ComponentType<P> }>;

const failedLoads = new Set<() => void>();

/**
 * `React.lazy` that can load again. React keeps a lazy component's failed load for good, so a page
 * whose chunk failed while the connection was down would fail again on every render: this one
 * forgets a failed load when `retryFailedLoads` is called, and its next render asks again (the
 * bundler's chunk loader forgets a failed chunk itself and requests it anew).
 */
export function retryableLazy<P extends object>(load: () => Module<P>): ComponentType<P> {
  const track = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failedLoads.add(forget);
        throw error;
      }),
    );
  let Current = track();
  function forget() {
    Current = track();
  }
  function Retryable(props: P) {
    return createElement(Current, props);
  }
  return Retryable;
}

/** Makes every failed `retryableLazy` load again on its next render; says whether there was one. */
export function retryFailedLoads(): boolean {
  const any = failedLoads.size > 0;
  for (const forget of failedLoads) forget();
  failedLoads.clear();
  return any;
}

/**
 * Whether an error means code or data did not arrive (a chunk that failed to load, a fetch with no
 * answer), not a bug in the screen: such a screen can be retried once the connection is back.
 */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|^Failed to fetch$|^NetworkError when attempting to fetch resource|^Load failed$/.test(
    error.message,
  );
}
