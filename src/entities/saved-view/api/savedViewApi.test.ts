import { configureStore } from '@reduxjs/toolkit';
import { defaultColumns } from '@timberlog/contract';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

import { baseApi } from '@/shared/api';
import { resetMockDb } from '@/shared/mock-db';

import { recordRequests } from '../../../../tests/jest/apiStore';

import { savedViewApi } from './savedViewApi';

/** A store with only the api, signed in as `email` through a mock token. */
const storeAs = (email: string) =>
  configureStore({
    reducer: {
      [baseApi.reducerPath]: baseApi.reducer,
      session: () => ({ accessToken: `mock-access-token:${email}`, refreshToken: null, sessionExpired: false, sessionInitialized: true }),
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });

describe('savedViewApi', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('saves a view with the query as the codec writes it, lists it, makes it the default and deletes it with its version', async () => {
    const store = storeAs(DEMO_USERS.user.email);
    const first = await store
      .dispatch(
        savedViewApi.endpoints.createSavedView.initiate({
          list: 'waybills',
          name: 'Confirmed',
          query: 'statusIn=confirmed,delivered',
          isDefault: true,
        }),
      )
      .unwrap();
    expect(first).toMatchObject({
      name: 'Confirmed',
      query: 'statusIn=confirmed&statusIn=delivered',
      isDefault: true,
      own: true,
      version: 1,
    });
    expect(first.columns).toEqual(defaultColumns('waybills'));
    const second = await store
      .dispatch(savedViewApi.endpoints.createSavedView.initiate({ list: 'waybills', name: 'Drafts', shared: true }))
      .unwrap();
    const patched = await store
      .dispatch(savedViewApi.endpoints.patchSavedView.initiate({ id: second.id, version: second.version, body: { isDefault: true } }))
      .unwrap();
    expect(patched.isDefault).toBe(true);
    const views = await store.dispatch(savedViewApi.endpoints.listSavedViews.initiate({ list: 'waybills' })).unwrap();
    expect(views.map((view) => [view.name, view.isDefault])).toEqual([
      ['Confirmed', false],
      ['Drafts', true],
    ]);
    await store.dispatch(savedViewApi.endpoints.deleteSavedView.initiate({ id: first.id, version: 2 })).unwrap();
    // The list is read again after the deletion: its cache entry is still held.
    expect(recorder.requests).toEqual([
      'POST /api/saved-views/',
      'POST /api/saved-views/',
      `PATCH /api/saved-views/${second.id}/`,
      'GET /api/saved-views/?list=waybills',
      `DELETE /api/saved-views/${first.id}/`,
      'GET /api/saved-views/?list=waybills',
    ]);
  });

  it('answers a query the list does not take as a field error, and a stale version as a 412', async () => {
    const store = storeAs(DEMO_USERS.user.email);
    const refused = await store.dispatch(
      savedViewApi.endpoints.createSavedView.initiate({ list: 'invoices', name: 'x', query: 'colour=red' }),
    );
    expect(refused.error).toMatchObject({ status: 400 });
    const view = await store.dispatch(savedViewApi.endpoints.createSavedView.initiate({ list: 'invoices', name: 'Mine' })).unwrap();
    await store.dispatch(savedViewApi.endpoints.patchSavedView.initiate({ id: view.id, version: 1, body: { name: 'Renamed' } })).unwrap();
    const stale = await store.dispatch(
      savedViewApi.endpoints.patchSavedView.initiate({ id: view.id, version: 1, body: { name: 'Again' } }),
    );
    expect(stale.error).toMatchObject({ status: 412 });
  });
});
