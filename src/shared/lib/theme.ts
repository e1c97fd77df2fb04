import { useSyncExternalStore } from 'react';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

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
