import * as Sentry from '@sentry/react';
import { waitFor } from '@testing-library/react';

import { initMonitoring, reportError, TRACES_SAMPLE_RATE } from './monitoring';

jest.mock('@sentry/react', () => ({
  init: jest.fn(),
  captureException: jest.fn(),
  browserTracingIntegration: jest.fn(() => ({ name: 'BrowserTracing' })),
}));

describe('monitoring', () => {
  it('initialises Sentry with the DSN and a 0.2 trace sample rate, then reports errors to it', async () => {
    await initMonitoring({ dsn: 'https://key@sentry.example.com/1', environment: 'production', release: 'b1' });
    expect(TRACES_SAMPLE_RATE).toBe(0.2);
    expect(Sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@sentry.example.com/1',
        tracesSampleRate: 0.2,
        environment: 'production',
        release: 'b1',
      }),
    );

    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new Error('boom');
    reportError(error, { where: 'test' });
    await waitFor(() => expect(Sentry.captureException).toHaveBeenCalledWith(error, { extra: { where: 'test' } }));
    consoleError.mockRestore();
  });
});
