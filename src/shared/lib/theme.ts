import { useSyncExternalStore } from 'react';

import { THEMES, type Theme } from '@timberlog/contract';

export { THEMES, type Theme };

export const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);

const DARK_QUERY = '(prefers-color-scheme: dark)';

const darkQuery = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;

const subscribe = (onChange: () => void): (() => void) => {
  const query = darkQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};

const getSnapshot = (): Theme => (darkQuery()?.matches ? 'dark' : 'light');

/** The operating system's colour scheme, updated live when it changes. */
export const useSystemTheme = (): Theme => useSyncExternalStore(subscribe, getSnapshot, () => 'light');
