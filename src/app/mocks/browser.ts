import { setupWorker } from 'msw/browser';

import { handlers } from './handlers';

/** Starts the in-browser API mock (`npm run dev:mock`); requests without a handler go to the network. */
export async function startMockWorker(): Promise<void> {
  await setupWorker(...handlers).start({ onUnhandledRequest: 'bypass', quiet: true });
}
