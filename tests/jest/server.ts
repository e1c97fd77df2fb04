import { setupServer } from 'msw/node';

import { handlers } from '@/app/mocks';

/** The network for every Jest test: the same handlers as Storybook and the mock mode. */
export const server = setupServer(...handlers);
