import { configureStore } from '@reduxjs/toolkit';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

import { baseApi } from '@/shared/api';
import { mockDb, resetMockDb } from '@/shared/mock-db';

import { server } from '../../../../../tests/jest/server';
import { signTestToken } from '../../../../../tests/jest/tokens';

import { adminApi } from './adminApi';

/** A store signed in as the demo staff account, for the staff-only admin endpoints. */
const makeStaffStore = async () => {
  const accessToken = await signTestToken({ email: DEMO_USERS.staff.email, isStaff: true });
  return configureStore({
    reducer: {
      [baseApi.reducerPath]: baseApi.reducer,
      session: () => ({ accessToken, refreshToken: null, sessionExpired: false, sessionInitialized: true }),
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });
};

describe('admin writes send the version of the row the user saw', () => {
  const sent: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method !== 'GET') sent.push(`${request.method} ${request.headers.get('if-match') ?? 'none'}`);
  };
  beforeEach(() => {
    resetMockDb();
    sent.length = 0;
    server.events.on('request:start', listener);
  });
  afterEach(() => server.events.removeListener('request:start', listener));

  it('a change with a stale version is refused (412) and changes nothing; with the current one it is saved', async () => {
    const store = await makeStaffStore();
    const company = mockDb.companies[5]!;
    const key = company.registryCode;
    const theirs = await store.dispatch(
      adminApi.endpoints.adminUpdate.initiate({ resource: 'companies', key, version: 1, body: { address: 'Sadama 1' } }),
    );
    expect(theirs.data).toMatchObject({ address: 'Sadama 1', version: 2 });
    const mine = await store.dispatch(
      adminApi.endpoints.adminUpdate.initiate({ resource: 'companies', key, version: 1, body: { name: 'Mine OÜ' } }),
    );
    expect(mine.error).toMatchObject({ status: 412, current: { address: 'Sadama 1', name: company.name, version: 2 } });
    expect(mockDb.companies.find((item) => item.registryCode === key)?.name).toBe(company.name);
    expect(sent).toEqual(['PATCH "1"', 'PATCH "1"']);
  });

  it('a deletion with a stale version is refused (412) and the record stays', async () => {
    const store = await makeStaffStore();
    const created = await store.dispatch(
      adminApi.endpoints.adminCreate.initiate({ resource: 'assortment-types', body: { name: 'Short-lived' } }),
    );
    const key = String(created.data?.id);
    await store.dispatch(
      adminApi.endpoints.adminUpdate.initiate({ resource: 'assortment-types', key, version: 1, body: { description: 'x' } }),
    );
    const stale = await store.dispatch(adminApi.endpoints.adminDelete.initiate({ resource: 'assortment-types', key, version: 1 }));
    expect(stale.error).toMatchObject({ status: 412 });
    expect(mockDb.assortmentTypes.some((item) => String(item.id) === key)).toBe(true);
    const current = await store.dispatch(adminApi.endpoints.adminDelete.initiate({ resource: 'assortment-types', key, version: 2 }));
    expect(current.error).toBeUndefined();
    expect(mockDb.assortmentTypes.some((item) => String(item.id) === key)).toBe(false);
    expect(sent).toEqual(['POST none', 'PATCH "1"', 'DELETE "1"', 'DELETE "2"']);
  });
});
