import type { Preview } from '@storybook/react';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';

import { resetMockUsers } from '@/entities/user/index.mocks';
import { resetMockDb } from '@/shared/mock-db';

import { annotations } from './annotations';

// Play functions wait up to 5 s for what they look for, as the Jest runs do (tests/jest/setup.ts): a
// wait ends as soon as its condition holds, and on a busy machine the mocked round trip and the render
// can take longer than Testing Library's 1 s.
configure({ asyncUtilTimeout: 5000 });

const preview: Preview = {
  ...annotations,
  loaders: [mswLoader()],
  // Every story starts from the whole mock data set as seeded and nothing stored, whatever the story
  // shown before it wrote (the browser walk shows them one after another in one page, as Storybook does).
  beforeEach: () => {
    resetMockDb();
    resetMockUsers();
    localStorage.clear();
    delete document.documentElement.dataset.theme;
  },
};

export default preview;
