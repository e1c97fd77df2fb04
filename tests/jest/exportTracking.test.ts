import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { makeStore } from '@/app/store';
import { initialSessionState } from '@/entities/session';
import { baseApi } from '@/shared/api';

import { server } from './server';
import { signTestToken } from './tokens';

// The app's store starts the export tracking (features/export/track-progress) once the api has loaded.
describe('export tracking in the app store', () => {
  it('looks for unseen exports on start-up in the app, and not in stories or tests', async () => {
    expect(baseApi.reducerPath).toBe('api');
    const polls: string[] = [];
    server.use(
      http.get('*/api/export-requests/', ({ request }) => {
        const url = new URL(request.url);
        polls.push(`${url.pathname}${url.search}`);
        return HttpResponse.json({ count: 0, next: null, previous: null, results: [] });
      }),
    );
    const session = { ...initialSessionState, accessToken: await signTestToken(), sessionInitialized: true };

    makeStore({ session });
    await new Promise((done) => setTimeout(done, 200));
    expect(polls).toEqual([]);

    makeStore({ session }, { persist: true });
    await waitFor(() => expect(polls).toEqual(['/api/export-requests/?seen=false&own=true&pageNumber=1&pageSize=5']));
    // The list is empty: the polling stops.
    await new Promise((done) => setTimeout(done, 1500));
    expect(polls).toHaveLength(1);
  });
});
