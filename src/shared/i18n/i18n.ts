import i18next, { type i18n as I18n, type InitOptions, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { CachedHttpBackend, type CachedHttpBackendOptions } from './cachedHttpBackend';
import {
  DEFAULT_LOCALE,
  DEFAULT_NAMESPACE,
  SIGNED_IN_NAMESPACE,
  SUPPORTED_LOCALES,
  TRANSLATION_CACHE_MS,
  TRANSLATION_LOAD_PATH,
  type Locale,
} from './locales';

// Keys are written without a namespace (`t('waybills.title')`): one not in the visitor's texts is
// looked up in the signed-in ones.
const baseOptions = (lng: Locale, namespaces: readonly string[]): InitOptions => ({
  lng,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  ns: [...namespaces],
  defaultNS: DEFAULT_NAMESPACE,
  fallbackNS: SIGNED_IN_NAMESPACE,
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  // A screen that rendered before the signed-in texts arrived renders again once they have.
  react: { useSuspense: false, bindI18n: 'languageChanged loaded' },
});

export interface InitI18nOptions {
  readonly lng: Locale;
  /** Changes per build so that a new build never reads an older build's cached translations. */
  readonly cacheVersion: string;
  /** Loads the signed-in screens' texts too, alongside the visitor's (a stored session). */
  readonly signedIn?: boolean;
}

/**
 * Initialises the app's i18next: translations from `/locales`, cached in localStorage for an
 * hour. A visitor gets the visitor's texts only; a signed-in user both files, fetched together.
 */
export async function initI18n({ lng, cacheVersion, signedIn = false }: InitI18nOptions): Promise<I18n> {
  const backend: CachedHttpBackendOptions = {
    loadPath: TRANSLATION_LOAD_PATH,
    expirationTime: TRANSLATION_CACHE_MS,
    version: cacheVersion,
  };
  await i18next
    .use(CachedHttpBackend)
    .use(initReactI18next)
    .init({ ...baseOptions(lng, signedIn ? [DEFAULT_NAMESPACE, SIGNED_IN_NAMESPACE] : [DEFAULT_NAMESPACE]), backend });
  return i18next;
}

/** Loads the signed-in screens' texts (once; later calls resolve at once): a signed-in route awaits it before it renders. */
export const loadSignedInTexts = (): Promise<void> => i18next.loadNamespaces(SIGNED_IN_NAMESPACE);

/** Initialises i18next from in-memory resources (tests), synchronously usable once it resolves. */
export async function initI18nWithResources(lng: Locale, resources: Resource): Promise<I18n> {
  await i18next.use(initReactI18next).init({
    ...baseOptions(lng, [DEFAULT_NAMESPACE, SIGNED_IN_NAMESPACE]),
    resources,
    initAsync: false,
  });
  return i18next;
}

export { i18next as i18n };
