import type { BackendModule, InitOptions, ReadCallback, Services } from 'i18next';

export interface CachedHttpBackendOptions {
  /** URL of one namespace's file, with `{{lng}}` and `{{ns}}` placeholders. */
  readonly loadPath: string;
  /** How long a downloaded file is served from the browser's cache. */
  readonly expirationTime: number;
  /** A cached file of another version is ignored (a new build brings new texts). */
  readonly version: string;
  readonly prefix?: string;
}

interface CacheEntry {
  readonly version: string;
  readonly expiresAt: number;
  readonly data: Record<string, unknown>;
}

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser's privacy settings
  }
};

/**
 * Loads translations over HTTP and keeps them in localStorage for `expirationTime`: what
 * i18next-chained-backend + i18next-localstorage-backend + i18next-http-backend do, in a
 * fraction of their size, which the first page's budget needs.
 */
export class CachedHttpBackend implements BackendModule<CachedHttpBackendOptions> {
  static readonly type = 'backend' as const;
  readonly type = 'backend' as const;
  private options: CachedHttpBackendOptions = { loadPath: '', expirationTime: 0, version: '' };

  init(_services: Services, options: CachedHttpBackendOptions, _i18nextOptions: InitOptions): void {
    this.options = options;
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    const { loadPath, expirationTime, version, prefix = 'i18n_' } = this.options;
    const key = `${prefix}${language}-${namespace}`;
    const cache = storage();

    try {
      const cached = JSON.parse(cache?.getItem(key) ?? 'null') as CacheEntry | null;
      if (cached && cached.version === version && cached.expiresAt > Date.now()) {
        callback(null, cached.data);
        return;
      }
    } catch {
      // A damaged entry is simply downloaded again.
    }

    const url = loadPath.replace('{{lng}}', language).replace('{{ns}}', namespace);
    fetch(url)
      .then(async (response) => {
        if (!response.ok) {
          // 5xx may pass, 4xx will not: tell i18next whether retrying makes sense.
          callback(new Error(`Loading ${url} failed with ${response.status}`), response.status >= 500);
          return;
        }
        const data = (await response.json()) as Record<string, unknown>;
        try {
          cache?.setItem(key, JSON.stringify({ version, expiresAt: Date.now() + expirationTime, data }));
        } catch {
          // A full storage only costs a download next time.
        }
        callback(null, data);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true));
  }
}
