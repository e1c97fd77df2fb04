import type { Resource } from 'i18next';

import enApp from '../../../public/locales/en/app.json';
import enCommon from '../../../public/locales/en/common.json';
import etApp from '../../../public/locales/et/app.json';
import etCommon from '../../../public/locales/et/common.json';

/** The translation files, bundled, for Storybook and tests (the app loads them over HTTP). */
export const i18nResources: Resource = { en: { common: enCommon, app: enApp }, et: { common: etCommon, app: etApp } };
