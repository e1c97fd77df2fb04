export const SUPPORTED_LOCALES = ['en', 'et'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** The texts of every page a visitor sees: the shell, sign-in and the other auth pages, errors. */
export const DEFAULT_NAMESPACE = 'common';
/** The texts of the signed-in screens, loaded only for a signed-in user (see `loadSignedInTexts`). */
export const SIGNED_IN_NAMESPACE = 'app';
/** How long translations stay cached in the browser (product rules: Constants). */
export const TRANSLATION_CACHE_MS = 3_600_000;
export const TRANSLATION_LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';

/** Each locale's name in its own language, as language pickers show them. */
export const LOCALE_NATIVE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', et: 'Eesti' };

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);

/**
 * The locale a first visit starts in: the first of the browser's languages (`et-EE`, `et`, `en-GB`)
 * whose language we have, else the default. A choice the user made later is kept over it.
 */
export function browserLocale(languages: readonly string[] | undefined = globalThis.navigator?.languages): Locale {
  for (const tag of languages ?? []) {
    const language = tag.split('-')[0]?.toLowerCase();
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}
