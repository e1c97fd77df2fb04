import { makeApiStore, recordRequests } from '../../../../tests/jest/apiStore';

import { userApi } from './userApi';

describe('user endpoints', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('lists users with the email, name, isActive, isStaff and repeated isStaffIn filters', async () => {
    const store = makeApiStore();
    const result = await store.dispatch(
      userApi.endpoints.listUsers.initiate({ name: 'kadri', isActive: true, isStaff: true, isStaffIn: [true, false] }),
    );
    expect(recorder.requests).toEqual(['GET /api/user/?name=kadri&isActive=true&isStaff=true&isStaffIn=true&isStaffIn=false']);
    expect(result.data?.results.map((user) => user.email)).toEqual(['kadri.tamm@example.com']);
    const byEmail = await store.dispatch(userApi.endpoints.listUsers.initiate({ email: 'ootel@example.com' }));
    expect(byEmail.data?.results.map((user) => user.isActive)).toEqual([false]);
  });

  it('creates, reads, edits and deletes a user by email, refreshing the list each time', async () => {
    const store = makeApiStore();
    const list = store.dispatch(userApi.endpoints.listUsers.initiate());
    await list;
    const email = 'uus.kasutaja@example.com';
    await store.dispatch(userApi.endpoints.createUser.initiate({ email, name: 'Uus Kasutaja', password: 'Kuusk-ja-Mand-7' })).unwrap();
    await new Promise((done) => setTimeout(done, 20));
    expect(recorder.count('GET /api/user/')).toBe(2);

    expect((await store.dispatch(userApi.endpoints.getUser.initiate(email))).data?.name).toBe('Uus Kasutaja');
    await store.dispatch(userApi.endpoints.patchUser.initiate({ email, body: { isStaff: true } })).unwrap();
    await store.dispatch(
      userApi.endpoints.updateUser.initiate({ email, body: { name: 'Uus Nimi', isActive: false, isStaff: false } }),
    ).unwrap();
    await store.dispatch(userApi.endpoints.deleteUser.initiate(email)).unwrap();
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
      fieldErrors: { email: 'A user with this email already exists.', password: 'The password cannot be only digits.' },
    });
  });

  it('asks for a reset link and sets a new password with the token', async () => {
    const store = makeApiStore();
    expect(await store.dispatch(userApi.endpoints.forgotPassword.initiate({ email: 'nobody@example.com' })).unwrap()).toEqual({
      status: 'OK',
    });
    const expired = await store.dispatch(userApi.endpoints.resetPassword.initiate({ token: 'old', password: 'Uus-parool-2026' }));
    expect(expired.error).toMatchObject({ status: 400, fieldErrors: { token: 'The reset link is invalid, used or expired.' } });
    expect(recorder.requests).toEqual(['POST /api/user/forgot_password', 'POST /api/user/forgot_password/token']);
  });
});
