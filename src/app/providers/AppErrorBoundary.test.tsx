import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';

import { retryableLazy } from '@/shared/lib';
import { serverAnswered } from '@/shared/model';

import { renderWithProviders } from '../../../tests/jest/render';
import { server } from '../../../tests/jest/server';

import { AppErrorBoundary } from './AppErrorBoundary';

const chunkLoadError = () =>
  Object.assign(new Error('Loading chunk page-worklogs failed.\n(error: /static/js/async/page-worklogs.js)'), { name: 'ChunkLoadError' });

/** A lazy page whose code fails to arrive `failures` times, then loads. */
const flakyPage = (failures: number, error: () => Error = chunkLoadError) => {
  const loads = { count: 0 };
  const Page = retryableLazy<object>(() => {
    loads.count += 1;
    if (loads.count <= failures) return Promise.reject(error());
    return Promise.resolve({ default: () => <h1>Worklogs</h1> });
  });
  return { Page, loads };
};

const renderPage = (Page: ReturnType<typeof flakyPage>['Page']) =>
  renderWithProviders(
    <AppErrorBoundary>
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>
    </AppErrorBoundary>,
  );

describe('the error screen', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('says to check the connection when a page’s code did not arrive, and loads it when the server is back', async () => {
    server.use(http.head('*/api/schema/', () => HttpResponse.error()));
    const { Page, loads } = flakyPage(1);
    const { store } = renderPage(Page);
    expect(await screen.findByRole('heading', { level: 1, name: "Couldn't load this page — check the connection" })).toBeInTheDocument();
    expect(screen.queryByText(/please report it/)).toBeNull();
    // The probe got no answer: the app now knows the server is away (the banner, the probing).
    await waitFor(() => expect(store.getState().connection.reachable).toBe(false));
    expect(loads.count).toBe(1);

    act(() => {
      store.dispatch(serverAnswered({ at: Date.now() }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Worklogs' })).toBeInTheDocument();
    expect(loads.count).toBe(2);
  });

  it('loads again on Retry', async () => {
    server.use(http.head('*/api/schema/', () => HttpResponse.error()));
    const { Page, loads } = flakyPage(2);
    const { user } = renderPage(Page);
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    // Still not there: the same screen again.
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(loads.count).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Worklogs' })).toBeInTheDocument();
  });

  it('keeps "please report it" for a bug in the screen', async () => {
    const { Page } = flakyPage(1, () => new TypeError("Cannot read properties of undefined (reading 'count')"));
    renderPage(Page);
    expect(await screen.findByRole('heading', { level: 1, name: 'This screen could not be shown' })).toBeInTheDocument();
    expect(screen.getByText(/please report it/)).toBeInTheDocument();
  });
});
