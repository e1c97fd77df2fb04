import type { Resource } from 'i18next';

import en from '../../../public/locales/en/common.json';
import et from '../../../public/locales/et/common.json';

/** The translation files, bundled, for Storybook and tests (the app loads them over HTTP). */
export const i18nResources: Resource = { en: { common: en }, et: { common: et } };
