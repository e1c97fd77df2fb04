import { configureStore } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { INVOICE_STATUSES, WAYBILL_STATUSES } from '@timberlog/contract';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

import { baseApi, LIST_ID, TAGS } from '@/shared/api';
import { mockDb, resetMockDb } from '@/shared/mock-db';

import { recordRequests } from '../../../../tests/jest/apiStore';

import { summaryApi } from './summaryApi';

/** A store with only the api, signed in as `email` through a mock token. */
const storeAs = (email: string) =>
  configureStore({
    reducer: {
      [baseApi.reducerPath]: baseApi.reducer,
      session: () => ({ accessToken: `mock-access-token:${email}`, refreshToken: null, sessionExpired: false, sessionInitialized: true }),
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });

const countBy = (statuses: readonly string[], items: readonly { status: string }[]) =>
  Object.fromEntries(statuses.map((status) => [status, items.filter((item) => item.status === status).length]));

describe('getSummary', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('counts every waybill and invoice status of the data set in one call; ordinary users get no sign-up count', async () => {
    const store = storeAs(DEMO_USERS.user.email);
    const summary = await store.dispatch(summaryApi.endpoints.getSummary.initiate()).unwrap();
    expect(recorder.requests).toEqual(['GET /api/summary']);
    expect(summary.waybillsByStatus).toEqual(countBy(WAYBILL_STATUSES, mockDb.waybills));
    expect(summary.invoicesByStatus).toEqual(countBy(INVOICE_STATUSES, mockDb.invoices));
    expect(Object.values(summary.waybillsByStatus).reduce((a, b) => a + b, 0)).toBe(mockDb.waybills.length);
    expect(summary.usersAwaitingActivation).toBeNull();
  });

  it('staff also get the accounts awaiting activation', async () => {
    const store = storeAs(DEMO_USERS.staff.email);
    const summary = await store.dispatch(summaryApi.endpoints.getSummary.initiate()).unwrap();
    const inactive = mockDb.users.filter((user) => !user.isActive).length;
    expect(inactive).toBeGreaterThan(0);
    expect(summary.usersAwaitingActivation).toBe(inactive);
  });

  it.each([TAGS.waybill, TAGS.invoice, TAGS.user])('refetches when the %s lists change', async (type) => {
    const store = storeAs(DEMO_USERS.staff.email);
    const subscription = store.dispatch(summaryApi.endpoints.getSummary.initiate());
    await subscription;
    recorder.clear();
    store.dispatch(baseApi.util.invalidateTags([{ type, id: LIST_ID }]));
    await waitFor(() => expect(recorder.requests).toEqual(['GET /api/summary']));
    subscription.unsubscribe();
  });
});
