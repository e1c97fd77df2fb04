import type { Preview } from '@storybook/react';

import { handlersByEntity } from '@/app/mocks';
import { i18nResources, withAppProviders, withRouter, withWidth } from '@/app/storybook';
import { DEFAULT_LOCALE, initI18nWithResources, SUPPORTED_LOCALES } from '@/shared/i18n';

import '@/app/styles/index.css';

void initI18nWithResources(DEFAULT_LOCALE, i18nResources);

/**
 * Everything of the preview except the MSW loader, which needs a browser: Jest applies these
 * same annotations to the stories it renders.
 */
export const annotations: Preview = {
  decorators: [withWidth, withRouter, withAppProviders],
  parameters: {
    layout: 'padded',
    // Keyed by entity, so a story replaces one entity's handlers without dropping the others'.
    msw: { handlers: { ...handlersByEntity } },
  },
  globalTypes: {
    locale: {
      description: 'Language',
      toolbar: { title: 'Language', icon: 'globe', items: [...SUPPORTED_LOCALES], dynamicTitle: true },
    },
    theme: {
      description: 'Theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { locale: DEFAULT_LOCALE, theme: 'light' },
};
