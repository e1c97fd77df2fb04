import { configureStore } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

import { baseApi } from '@/shared/api';
import { mockDb } from '@/shared/mock-db';

import { makeApiStore, recordRequests } from '../../../../tests/jest/apiStore';
import { signTestToken } from '../../../../tests/jest/tokens';

import { userApi } from './userApi';

/** A store signed in as a demo account: the mocks read who calls from the token, as the server does. */
async function makeSignedInStore(email: string, isStaff: boolean) {
  const accessToken = await signTestToken({ email, isStaff });
  return configureStore({
    reducer: {
      [baseApi.reducerPath]: baseApi.reducer,
      session: () => ({ accessToken, refreshToken: 'r', sessionExpired: false, sessionInitialized: true }),
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });
}
const makeStaffStore = () => makeSignedInStore(DEMO_USERS.staff.email, true);

describe('user endpoints', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('lists users with the email, exact name, isActive, isStaff and repeated isStaffIn filters', async () => {
    const store = await makeStaffStore();
    const staff = mockDb.users.filter((user) => user.isStaff && user.isActive);
    const someone = staff[1];
    if (!someone) throw new Error('the demo data has two active staff accounts');
    const result = await store.dispatch(
      userApi.endpoints.listUsers.initiate({ name: someone.name, isActive: true, isStaff: true, isStaffIn: [true, false] }),
    );
    expect(recorder.requests).toEqual([
      `GET /api/user/?name=${encodeURIComponent(someone.name).replace(/%20/g, '+')}&isActive=true&isStaff=true&isStaffIn=true&isStaffIn=false`,
    ]);
    expect(result.data?.results.map((user) => user.email)).toEqual([someone.email]);
    // The name filter is an exact match, as the server's: part of a name finds nobody.
    const partial = await store.dispatch(userApi.endpoints.listUsers.initiate({ name: someone.name.slice(0, 4) }));
    expect(partial.data?.count).toBe(0);
    const byEmail = await store.dispatch(userApi.endpoints.listUsers.initiate({ email: DEMO_USERS.inactive.email.toUpperCase() }));
    expect(byEmail.data?.results.map((user) => user.isActive)).toEqual([false]);
  });

  it('shows an ordinary user only their own account, and pages the staff’s list', async () => {
    const own = await makeSignedInStore(DEMO_USERS.user.email, false);
    const mine = await own.dispatch(userApi.endpoints.listUsers.initiate({}));
    expect(mine.data?.results.map((user) => user.email)).toEqual([DEMO_USERS.user.email]);

    const store = await makeStaffStore();
    const page = await store.dispatch(userApi.endpoints.listUsers.initiate({ pageSize: 3, pageNumber: 2 }));
    const emails = mockDb.users.map((user) => user.email).sort();
    expect(page.data).toMatchObject({ count: emails.length, results: emails.slice(3, 6).map((email) => ({ email })) });
    const past = await store.dispatch(userApi.endpoints.listUsers.initiate({ pageSize: 100, pageNumber: 2 }));
    expect(past.error).toMatchObject({ status: 404 });
  });

  it('creates, reads, edits and deletes a user by email, refreshing the list each time', async () => {
    const store = await makeStaffStore();
    const list = store.dispatch(userApi.endpoints.listUsers.initiate());
    await list;
    const email = 'uus.kasutaja@example.com';
    await store.dispatch(userApi.endpoints.createUser.initiate({ email, name: 'Uus Kasutaja', password: 'Kuusk-ja-Mand-7' })).unwrap();
    await waitFor(() => expect(recorder.count('GET /api/user/')).toBe(2));

    const read = (await store.dispatch(userApi.endpoints.getUser.initiate(email))).data;
    expect(read?.name).toBe('Uus Kasutaja');
    const patched = await store
      .dispatch(userApi.endpoints.patchUser.initiate({ email, version: read?.version ?? 0, body: { isStaff: true } }))
      .unwrap();
    const updated = await store
      .dispatch(
        userApi.endpoints.updateUser.initiate({
          email,
          version: patched.version,
          body: { name: 'Uus Nimi', isActive: false, isStaff: false },
        }),
      )
      .unwrap();
    await store.dispatch(userApi.endpoints.deleteUser.initiate({ email, version: updated.version })).unwrap();
    expect(recorder.requests).toEqual(
      expect.arrayContaining([
        `POST /api/user/`,
        `GET /api/user/${encodeURIComponent(email)}/`,
        `PATCH /api/user/${encodeURIComponent(email)}/`,
        `PUT /api/user/${encodeURIComponent(email)}/`,
        `DELETE /api/user/${encodeURIComponent(email)}/`,
      ]),
    );
    expect((await store.dispatch(userApi.endpoints.getUser.initiate(email, { forceRefetch: true }))).error).toMatchObject({
      status: 404,
    });
    list.unsubscribe();
  });

  it('deleting an account refreshes the lists, not the account itself, which is gone (404)', async () => {
    const store = await makeStaffStore();
    const email = 'lahkuja@example.com';
    await store.dispatch(userApi.endpoints.createUser.initiate({ email, name: 'Lahkuja', password: 'Kuusk-ja-Mand-7' })).unwrap();
    const list = store.dispatch(userApi.endpoints.listUsers.initiate());
    const shown = store.dispatch(userApi.endpoints.getUser.initiate(email));
    const user = (await shown).data;
    await list;
    recorder.clear();

    await store.dispatch(userApi.endpoints.deleteUser.initiate({ email, version: user?.version ?? 0 })).unwrap();
    await waitFor(() => expect(recorder.count('GET /api/user/')).toBe(1));
    expect(recorder.count(`GET /api/user/${encodeURIComponent(email)}/`)).toBe(0);
    shown.unsubscribe();
    list.unsubscribe();
  });

  it('lets only staff manage accounts, never their own staff flag', async () => {
    const ordinary = await makeSignedInStore(DEMO_USERS.user.email, false);
    const refused = await ordinary.dispatch(
      userApi.endpoints.createUser.initiate({ email: 'x@example.com', name: 'X', password: 'Kuusk-ja-Mand-7' }),
    );
    expect(refused.error).toMatchObject({ status: 403 });
    const staff = await makeStaffStore();
    const own = await staff.dispatch(
      userApi.endpoints.patchUser.initiate({ email: DEMO_USERS.staff.email, version: 1, body: { isStaff: false } }),
    );
    expect(own.error).toMatchObject({ status: 400, fieldErrors: { isStaff: 'You cannot change your own staff status.' } });
  });

  it('signs up an inactive account and reports server field errors in the one error shape', async () => {
    const store = makeApiStore();
    const user = await store
      .dispatch(userApi.endpoints.signUp.initiate({ email: 'liis@example.com', name: 'Liis', password: 'Kuusk-ja-Mand-7' }))
      .unwrap();
    expect(user.isActive).toBe(false);
    const again = await store.dispatch(
      userApi.endpoints.signUp.initiate({ email: 'liis@example.com', name: 'Liis', password: '1234567890' }),
    );
    expect(again.error).toMatchObject({
      status: 400,
      fieldErrors: { email: 'A user with this email already exists.', password: 'This password is entirely numeric.' },
    });
  });

  it('asks for a reset link and sets a new password with the token', async () => {
    const store = makeApiStore();
    expect(await store.dispatch(userApi.endpoints.forgotPassword.initiate({ email: 'nobody@example.com' })).unwrap()).toEqual({
      status: 'OK',
    });
    const expired = await store.dispatch(userApi.endpoints.resetPassword.initiate({ token: 'old', password: 'Uus-parool-2026' }));
    expect(expired.error).toMatchObject({
      status: 400,
      fieldErrors: { token: 'This link is invalid, already used or expired. Ask for a new one.' },
    });
    expect(recorder.requests).toEqual(['POST /api/user/forgot_password', 'POST /api/user/forgot_password/token']);
  });
});
