import * as Sentry from '@sentry/react';
import { waitFor } from '@testing-library/react';

import { settled } from '../../../tests/jest/settle';

import type * as MonitoringModule from './monitoring';
import { FILTERED, initMonitoring, reportError, scrubSecrets, TRACES_SAMPLE_RATE } from './monitoring';

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

describe('deferred monitoring (a visitor)', () => {
  const options = { dsn: 'https://key@sentry.example.com/1', environment: 'production' };
  /** A fresh copy of the module: whether Sentry was loaded is per page load. */
  const freshMonitoring = (): typeof MonitoringModule => {
    let module: typeof MonitoringModule | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh module instance per test
      module = require('./monitoring') as typeof MonitoringModule;
    });
    return module as typeof MonitoringModule;
  };
  beforeEach(() => jest.clearAllMocks());

  it('loads nothing until an uncaught error, then starts Sentry and reports that error', async () => {
    // jsdom reports an error event nobody prevented as the test's own failure.
    const handled = (event: Event) => event.preventDefault();
    window.addEventListener('error', handled);
    const monitoring = freshMonitoring();
    monitoring.deferMonitoring(options);
    await settled();
    expect(Sentry.init).not.toHaveBeenCalled();

    const error = new Error('uncaught');
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'uncaught' }));
    await waitFor(() => expect(Sentry.captureException).toHaveBeenCalledWith(error, undefined));
    expect(Sentry.init).toHaveBeenCalledTimes(1);
    expect(Sentry.init).toHaveBeenCalledWith(expect.objectContaining({ dsn: options.dsn, tracesSampleRate: TRACES_SAMPLE_RATE }));

    // Sentry's own handlers take over: the page's listener does not report twice.
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('later'), message: 'later' }));
    await settled();
    expect(Sentry.captureException).toHaveBeenCalledTimes(1);
    window.removeEventListener('error', handled);
  });

  it('starts Sentry for an error the app reports, with its details', async () => {
    const monitoring = freshMonitoring();
    monitoring.deferMonitoring(options);
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new Error('caught');
    monitoring.reportError(error, { where: 'sign-in' });
    await waitFor(() => expect(Sentry.captureException).toHaveBeenCalledWith(error, { extra: { where: 'sign-in' } }));
    expect(Sentry.init).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });
});

describe('scrubSecrets', () => {
  const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJ0b2tlbl90eXBlIjoiYWNjZXNzIn0.c2lnbmF0dXJlLWJ5dGVz';

  it('takes tokens out of URLs, headers, breadcrumbs and messages, and leaves the rest', () => {
    const event = {
      message: `Request failed with Bearer ${jwt}`,
      request: {
        url: 'https://app.example.com/auth/reset-password?token=abc123-secret&next=%2F',
        headers: { Authorization: `Bearer ${jwt}`, 'Accept-Language': 'et' },
      },
      breadcrumbs: [
        { category: 'navigation', data: { from: '/waybills', to: '/auth/reset-password?token=abc123-secret' } },
        { category: 'fetch', data: { url: 'https://api.example.com/api/export-requests/7/download/?token=dl-secret', status_code: 200 } },
        { category: 'fetch', data: { url: '/api/auth/session', body: { refresh: jwt } } },
      ],
      tags: { page: '/waybills?statusIn=draft' },
    };
    const scrubbed = scrubSecrets(event);
    const text = JSON.stringify(scrubbed);
    for (const secret of ['abc123-secret', 'dl-secret', jwt]) expect(text).not.toContain(secret);
    expect(scrubbed.request.url).toBe(`https://app.example.com/auth/reset-password?token=${FILTERED}&next=%2F`);
    expect(scrubbed.request.headers).toEqual({ Authorization: FILTERED, 'Accept-Language': 'et' });
    expect(scrubbed.breadcrumbs[0]?.data).toEqual({ from: '/waybills', to: `/auth/reset-password?token=${FILTERED}` });
    expect(scrubbed.tags.page).toBe('/waybills?statusIn=draft');
    // The original is left as it was.
    expect(event.request.url).toContain('abc123-secret');
  });

  it('is wired into every event, transaction and breadcrumb Sentry sends', async () => {
    await initMonitoring({ dsn: 'https://key@sentry.example.com/1', environment: 'production' });
    const calls = (Sentry.init as unknown as jest.Mock<unknown, [Record<string, (value: unknown) => unknown>]>).mock.calls;
    const options = calls.at(-1)?.[0] ?? {};
    const url = { request: { url: '/auth/reset-password?token=abc123-secret' } };
    for (const hook of ['beforeSend', 'beforeSendTransaction', 'beforeBreadcrumb'] as const) {
      expect(JSON.stringify(options[hook]?.(url))).not.toContain('abc123-secret');
    }
  });
});
