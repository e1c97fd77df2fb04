import type { i18n as I18n } from 'i18next';

import type { initI18n as InitI18n } from '@/shared/i18n';
import type { CachedHttpBackendOptions } from '@/shared/i18n/cachedHttpBackend';

// The app's own initialisation (app/index.tsx calls initI18n), on a fresh i18next instance so the
// tests' in-memory one is left alone.
const initAppI18n = async (): Promise<I18n> => {
  let i18n: Promise<I18n> | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh module registry needs require
    const { initI18n } = require('@/shared/i18n') as { initI18n: typeof InitI18n };
    i18n = initI18n({ lng: 'et', cacheVersion: 'build-1' });
  });
  if (!i18n) throw new Error('initI18n did not run');
  return i18n;
};

describe('translations in the browser (product rules: Constants)', () => {
  it('are cached for exactly one hour (3600000 ms), per build', async () => {
    // Served from the cache, so the check needs no network: fresh for the app's build.
    const cached = (data: Record<string, string>) => JSON.stringify({ version: 'build-1', expiresAt: Date.now() + 60_000, data });
    localStorage.setItem('i18n_et-common', cached({ hello: 'Tere' }));
    localStorage.setItem('i18n_en-common', cached({ hello: 'Hello' }));
    const i18n = await initAppI18n();
    const backend = i18n.options.backend as CachedHttpBackendOptions;
    expect(backend.expirationTime).toBe(3_600_000);
    expect(backend.version).toBe('build-1');
    expect(i18n.t('hello')).toBe('Tere');
  });
});
