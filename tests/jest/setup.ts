import '@testing-library/jest-dom';

import { cleanup, configure } from '@testing-library/react';

import { i18nResources } from '@/app/storybook/i18nResources';
import { resetMockUsers } from '@/entities/user/index.mocks';
import { DEFAULT_LOCALE, initI18nWithResources } from '@/shared/i18n';
import { resetMockDb } from '@/shared/mock-db';

import { server } from './server';

// Lazy pages take longer than Testing Library's 1 s to appear when Jest shares two cores with the
// browser tests and its transform cache is cold (a clean clone): a list page's first rows once took
// over 5 s there. A wait ends as soon as its condition holds, so this only matters on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

void initI18nWithResources(DEFAULT_LOCALE, i18nResources);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Every test starts from the whole mock data set as seeded, whatever an earlier test wrote.
beforeEach(() => {
  resetMockDb();
  resetMockUsers();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});
afterAll(() => server.close());
