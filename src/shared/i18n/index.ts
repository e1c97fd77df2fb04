export { i18n, initI18n, initI18nWithResources, loadSignedInTexts } from './i18n';
export type { InitI18nOptions } from './i18n';
export {
  browserLocale,
  DEFAULT_LOCALE,
  DEFAULT_NAMESPACE,
  LOCALE_NATIVE_NAMES,
  SIGNED_IN_NAMESPACE,
  SUPPORTED_LOCALES,
  TRANSLATION_CACHE_MS,
  TRANSLATION_LOAD_PATH,
  isLocale,
} from './locales';
export type { Locale } from './locales';
export { contractText } from './sharedTexts';
export { contractMessage } from './contractMessage';
export { useValueLabels } from './valueLabels';
export type { ValueLabels } from './valueLabels';
