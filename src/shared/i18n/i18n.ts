import i18next, { type i18n as I18n, type InitOptions, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { CachedHttpBackend, type CachedHttpBackendOptions } from './cachedHttpBackend';
import {
  DEFAULT_LOCALE,
  DEFAULT_NAMESPACE,
  SUPPORTED_LOCALES,
  TRANSLATION_CACHE_MS,
  TRANSLATION_LOAD_PATH,
  type Locale,
} from './locales';

const baseOptions = (lng: Locale): InitOptions => ({
  lng,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  ns: [DEFAULT_NAMESPACE],
  defaultNS: DEFAULT_NAMESPACE,
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  react: { useSuspense: false },
});

export interface InitI18nOptions {
  readonly lng: Locale;
  /** Changes per build so that a new build never reads an older build's cached translations. */
  readonly cacheVersion: string;
}

/** Initialises the app's i18next: translations from `/locales`, cached in localStorage for an hour. */
export async function initI18n({ lng, cacheVersion }: InitI18nOptions): Promise<I18n> {
  const backend: CachedHttpBackendOptions = {
    loadPath: TRANSLATION_LOAD_PATH,
    expirationTime: TRANSLATION_CACHE_MS,
    version: cacheVersion,
  };
  await i18next
    .use(CachedHttpBackend)
    .use(initReactI18next)
    .init({ ...baseOptions(lng), backend });
  return i18next;
}

/** Initialises i18next from in-memory resources (tests), synchronously usable once it resolves. */
export async function initI18nWithResources(lng: Locale, resources: Resource): Promise<I18n> {
  await i18next.use(initReactI18next).init({ ...baseOptions(lng), resources, initAsync: false });
  return i18next;
}

export { i18next as i18n };
