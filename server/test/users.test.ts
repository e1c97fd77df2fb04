import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_USERS, startServer, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('users', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(async () => {
    await s.close();
  });

  test('staff create, read, update and delete users', async () => {
    const token = await s.staff();
    const created = await s.req('POST', '/api/user/', {
      token,
      body: { email: 'Laomees@Example.com', name: 'Lao Mees', password: 'Laoplats-2026' },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.email, 'laomees@example.com');
    assert.equal(created.body.isActive, true);
    assert.equal('password' in created.body || 'passwordHash' in created.body, false);
    const got = await s.req('GET', '/api/user/laomees@example.com/', { token });
    assert.deepEqual(got.body, created.body);
    const put = await s.write('PUT', '/api/user/laomees@example.com/', {
      token,
      body: { name: 'Lao Meister', isActive: true, isStaff: true },
    });
    assert.equal(put.status, 200);
    assert.equal(put.body.isStaff, true);
    const patch = await s.write('PATCH', '/api/user/laomees@example.com', { token, body: { isActive: false } });
    assert.equal(patch.body.isActive, false);
    const del = await s.write('DELETE', '/api/user/laomees@example.com/', { token });
    assert.equal(del.status, 204);
    assert.equal((await s.req('GET', '/api/user/laomees@example.com/', { token })).status, 404);
  });

  test('list filters: email, isActive, isStaff, isStaffIn, name, search', async () => {
    const token = await s.staff();
    const checks: [string, (u: any) => boolean][] = [
      [`email=${DEMO_USERS.user.email}`, (u) => u.email === DEMO_USERS.user.email],
      ['isActive=false', (u) => !u.isActive],
      ['isStaff=true', (u) => u.isStaff],
      ['isStaffIn=true&isStaffIn=false', () => true],
      ['isStaffIn=false', (u) => !u.isStaff],
      [`name=${encodeURIComponent(DEMO_USERS.staff.name)}`, (u) => u.name === DEMO_USERS.staff.name],
      ['search=rebane', (u) => /rebane/i.test(u.email + u.name)],
    ];
    for (const [q, ok] of checks) {
      const r = await s.req('GET', `/api/user/?${q}`, { token });
      assert.equal(r.status, 200, q);
      assert.ok(r.body.count > 0 && r.body.results.every(ok), q);
    }
  });

  test('an ordinary user lists only themself and cannot read others', async () => {
    const token = await s.user();
    const r = await s.req('GET', '/api/user/', { token });
    assert.deepEqual(
      r.body.results.map((u: any) => u.email),
      [DEMO_USERS.user.email],
    );
    assert.equal((await s.req('GET', `/api/user/${DEMO_USERS.staff.email}/`, { token })).status, 403);
    assert.equal((await s.req('GET', `/api/user/${DEMO_USERS.user.email}/`, { token })).status, 200);
  });

  test('me: read and edit own name and password', async () => {
    const { access } = await s.login('mari.mets@timberlog.ee', 'Vahetus-2026-kontor');
    const me = await s.req('GET', '/api/user/me', { token: access });
    assert.equal(me.body.email, 'mari.mets@timberlog.ee');
    const patched = await s.write('PATCH', '/api/user/me', { token: access, body: { name: 'Mari Metsa' } });
    assert.equal(patched.body.name, 'Mari Metsa');
    const put = await s.write('PUT', '/api/user/me/', {
      token: access,
      body: { name: 'Mari Mets', password: 'Uus-salasona-2026', currentPassword: 'Vahetus-2026-kontor' },
    });
    assert.equal(put.status, 200);
    // The new password ended the session: sign in again with it.
    const again = await s.login('mari.mets@timberlog.ee', 'Uus-salasona-2026');
    const weak = await s.write('PATCH', '/api/user/me', {
      token: again.access,
      body: { password: '1234567890', currentPassword: 'Uus-salasona-2026' },
    });
    assert.equal(weak.status, 400);
    assert.ok(weak.body.password);
  });

  test("me: the language and theme are kept with the account, not versioned, each account's own", async () => {
    const { email, password } = DEMO_USERS.user;
    const mari = await s.login(email, password);
    const staff = await s.staff();
    const before = await s.req('GET', '/api/user/me', { token: mari.access });
    assert.deepEqual((await s.req('GET', '/api/user/me/preferences', { token: mari.access })).body, { locale: null, theme: null });

    const set = await s.req('PATCH', '/api/user/me/preferences', { token: mari.access, body: { locale: 'et', theme: 'dark' } });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(set.body, { locale: 'et', theme: 'dark' });
    // One field at a time: the other stays; null forgets the choice.
    const theme = await s.req('PATCH', '/api/user/me/preferences', { token: mari.access, body: { theme: null } });
    assert.deepEqual(theme.body, { locale: 'et', theme: null });
    // A sign-in elsewhere (a new session) reads the same.
    const elsewhere = await s.login(email, password);
    assert.deepEqual((await s.req('GET', '/api/user/me/preferences', { token: elsewhere.access })).body, { locale: 'et', theme: null });
    // Another account's are its own.
    assert.deepEqual((await s.req('GET', '/api/user/me/preferences', { token: staff })).body, { locale: null, theme: null });
    // Not part of the account's record: its version (an open account form's If-Match) does not move.
    const after = await s.req('GET', '/api/user/me', { token: mari.access });
    assert.equal(after.body.version, before.body.version);
    assert.equal(after.headers.get('etag'), before.headers.get('etag'));

    // Bad input names its field, in the caller's language, and changes nothing.
    const bad = await s.req('PATCH', '/api/user/me/preferences', {
      token: mari.access,
      body: { locale: 'fi', theme: 'sepia' },
      headers: { 'accept-language': 'et' },
    });
    assert.equal(bad.status, 400, bad.text);
    assert.match(bad.body.locale[0], /"fi" ei ole lubatud valik.*en, et/);
    assert.match(bad.body.theme[0], /"sepia" ei ole lubatud valik.*light, dark/);
    const unknown = await s.req('PATCH', '/api/user/me/preferences', { token: mari.access, body: { fontSize: 20 } });
    assert.equal(unknown.status, 400, unknown.text);
    assert.deepEqual((await s.req('GET', '/api/user/me/preferences', { token: mari.access })).body, { locale: 'et', theme: null });
    assert.equal((await s.req('GET', '/api/user/me/preferences')).status, 401);
  });

  test('staff cannot change their own staff flag, active flag, or delete themself', async () => {
    const token = await s.staff();
    const email = DEMO_USERS.staff.email;
    const staffFlag = await s.write('PATCH', `/api/user/${email}/`, { token, body: { isStaff: false } });
    assert.equal(staffFlag.status, 400);
    assert.ok(staffFlag.body.isStaff);
    const active = await s.write('PATCH', `/api/user/${email}/`, { token, body: { isActive: false } });
    assert.equal(active.status, 400);
    assert.ok(active.body.isActive);
    const del = await s.write('DELETE', `/api/user/${email}/`, { token });
    assert.equal(del.status, 400);
    assert.ok(del.body.nonFieldErrors);
    const still = await s.req('GET', '/api/user/me', { token });
    assert.equal(still.body.isStaff, true);
  });

  test('deactivating a user ends their sessions', async () => {
    const pair = await s.login('hannes.ilves@timberlog.ee', 'Vahetus-2026-kontor');
    await s.write('PATCH', '/api/user/hannes.ilves@timberlog.ee/', { token: await s.staff(), body: { isActive: false } });
    assert.equal((await s.req('GET', '/api/user/me', { token: pair.access })).status, 401);
    assert.equal((await s.req('POST', '/api/auth/token/refresh/', { body: { refresh: pair.refresh } })).status, 401);
  });
});
