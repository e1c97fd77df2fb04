import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { App } from '../shared/context.js';
import { FieldErrors, fieldError, forbidden, notFound, nonFieldError } from '../shared/errors.js';
import { runList } from '../shared/list.js';
import { userSpec } from './queries.js';
import { ref, errors, StatusOk, Type, conflict } from '../shared/schema.js';
import { currentUser, writer } from '../auth/guards.js';
import { checkPassword, hashPassword, normaliseEmail, verifyPassword } from './rules.js';
import { endSessions } from '../auth/tokens.js';
import { hashToken } from './account-mail.js';
import { transaction } from '../shared/transaction.js';
import { checkVersion, lockRecord, withEtag } from '../shared/versions.js';
import { apiLink } from '../shared/urls.js';
import { EmailParams, ForgotPassword, MePatch, MeUpdate, ResetPassword, SignUp, User, UserCreate, UserListQuery, UserPage, UserPatch, UserUpdate } from './schemas.js';

const USER_COLUMNS = ['email', 'name', 'isActive', 'isStaff', 'dateJoined', 'lastLogin', 'createdAt', 'lastModifiedAt', 'version'] as const;
const withVerified = <T extends { emailVerifiedAt: string | null }>(row: T | undefined) => {
  if (!row) return undefined;
  const { emailVerifiedAt, ...rest } = row;
  return { ...rest, emailVerified: emailVerifiedAt !== null };
};


export async function userRoutes(app: App) {
  const { db } = app.ctx;
  const getUser = async (email: string) => withVerified(await db.selectFrom('users').select([...USER_COLUMNS, 'emailVerifiedAt']).where('email', '=', normaliseEmail(email)).executeTakeFirst());

  app.get('/api/user/', {
    schema: { operationId: 'listUsers', summary: 'List user accounts', description: 'Any signed-in user. Staff see every account; an ordinary user\'s list holds only their own. The `email` filter is case-insensitive (emails are stored in lower case); `name` matches exactly.', tags: ['users'], querystring: UserListQuery, response: { 200: ref(UserPage), ...errors(400, 401, 404) } },
  }, async (request) => {
    const me = currentUser(request);
    // An ordinary user's list holds only their own account.
    return runList(db, request, userSpec, request.query, me.isStaff ? [] : [sql`email = ${me.email}`]);
  });

  app.post('/api/user/', {
    schema: { operationId: 'createUser', summary: 'Create a user account', description: 'Staff only. The email must be free; the password must follow the password rules (length, not only digits, not the email). The account is active unless `isActive` is false.', tags: ['users'], body: UserCreate, response: { 201: ref(User), ...errors(400, 401, 403) } },
    config: { access: 'staff' },
  }, async (request, reply) => {
    const body = request.body;
    const email = normaliseEmail(body.email);
    const errs = new FieldErrors();
    checkPassword(errs, body.password, email, 'password', body.name);
    if (await getUser(email)) errs.add('email', 'user.emailTaken');
    errs.throwIfAny();
    await db.insertInto('users').values({ email, name: body.name.trim(), passwordHash: await hashPassword(body.password), isActive: body.isActive ?? true, isStaff: body.isStaff ?? false }).execute();
    reply.status(201);
    return getUser(email);
  });

  app.get('/api/user/me', {
    schema: { operationId: 'getMe', summary: 'Get the signed-in user', description: 'Any signed-in user: their own account, including whether they are staff.', tags: ['users'], response: { 200: ref(User), ...errors(401) } },
  }, async (request, reply) => withEtag(reply, (await getUser(currentUser(request).email))!));

  const updateMe = async (request: FastifyRequest, email: string, body: { name?: string; password?: string; currentPassword?: string }) => {
    const errs = new FieldErrors();
    if (body.password !== undefined) {
      checkPassword(errs, body.password, email);
      // A stolen access token alone must not be enough to take the account over.
      if (!body.currentPassword) errs.add('currentPassword', 'password.currentRequired');
      else {
        // Guessing the current password here counts like guessing it at sign-in.
        const keys = await app.ctx.limits.accountKeys(email, request.ip);
        await app.ctx.limits.signIn.consume(keys);
        const row = await db.selectFrom('users').select('passwordHash').where('email', '=', email).executeTakeFirstOrThrow();
        if (await verifyPassword(row.passwordHash, body.currentPassword)) await app.ctx.limits.signIn.reward(keys);
        else errs.add('currentPassword', 'password.currentWrong');
      }
    }
    errs.throwIfAny();
    const set: Record<string, unknown> = { lastModifiedAt: new Date() };
    if (body.name !== undefined) set.name = body.name.trim();
    if (body.password !== undefined) set.passwordHash = await hashPassword(body.password);
    await transaction(db, async (trx) => {
      const current = await lockRecord(trx, 'users', email);
      if (!current) throw notFound();
      await checkVersion(request, current, () => getUser(email));
      await trx.updateTable('users').set(set).where('email', '=', email).execute();
      // A new password ends every session of the account, this one too: the caller signs in again.
      if (body.password !== undefined) await endSessions(trx, email);
    }, writer(request));
    return getUser(email);
  };
  app.put('/api/user/me', {
    schema: { operationId: 'updateMe', summary: 'Change the own name and password', description: 'Any signed-in user, for their own account. A new password needs `currentPassword` (400 on `currentPassword` when it is missing or wrong; wrong guesses count towards the sign-in limits) and must follow the password rules; it ends every session of the account, the caller\'s included, so the caller signs in again with the new password. Email, staff and active flags cannot be changed here.', tags: ['users'], body: MeUpdate, response: { 200: ref(User), ...errors(400, 401), ...conflict(ref(User)) } },
  }, async (request, reply) => withEtag(reply, (await updateMe(request, currentUser(request).email, request.body))!));
  app.patch('/api/user/me', {
    schema: { operationId: 'patchMe', summary: 'Change the own name or password', description: 'As PUT, with every field optional.', tags: ['users'], body: MePatch, response: { 200: ref(User), ...errors(400, 401), ...conflict(ref(User)) } },
  }, async (request, reply) => withEtag(reply, (await updateMe(request, currentUser(request).email, request.body))!));

  app.post('/api/user/signup', {
    schema: { operationId: 'signUp', summary: 'Sign up for an account', description: 'Anyone may call it. Answers 201 the same way whether or not the email already has an account, so it reveals no accounts: a new address gets an inactive, non-staff account and a mail with a single-use link confirming the address (staff can activate the account only after that); an address that already has an account gets a mail saying so instead. The password must follow the password rules. Sign-ups are limited per client address (429 with `Retry-After`).', tags: ['users'], security: [], body: SignUp, response: { 201: ref(User), ...errors(400, 429) } },
  }, async (request, reply) => {
    await app.ctx.limits.signUp.consume({ address: request.ip });
    const body = request.body;
    const email = normaliseEmail(body.email);
    const errs = new FieldErrors();
    checkPassword(errs, body.password, email, 'password', body.name);
    if (!body.name.trim()) errs.add('name', 'field.blank');
    errs.throwIfAny();
    // Hashed either way: the answer takes as long for a taken address as for a new one.
    const passwordHash = await hashPassword(body.password);
    const inserted = await db.insertInto('users')
      .values({ email, name: body.name.trim(), passwordHash, isActive: false, isStaff: false, emailVerifiedAt: null })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('email')
      .executeTakeFirst();
    await app.ctx.jobs.sendAccountMail({ kind: inserted ? 'verify' : 'signupExisting', email, locale: request.locale });
    reply.status(201);
    // The same shape for a new and a taken address; nothing about an existing account.
    const now = new Date().toISOString();
    return { email, name: body.name.trim(), isActive: false, isStaff: false, emailVerified: false, dateJoined: now, lastLogin: null, createdAt: now, lastModifiedAt: now, version: 1 };
  });

  const verifyEmail = async (token: string) => {
    const done = await db.updateTable('emailVerificationTokens').set({ usedAt: new Date() })
      .where('tokenHash', '=', hashToken(token)).where('usedAt', 'is', null).where('expiresAt', '>', new Date().toISOString())
      .returning('userEmail').executeTakeFirst();
    if (!done) throw fieldError('token', 'verify.tokenInvalid');
    await db.updateTable('users').set({ emailVerifiedAt: new Date(), lastModifiedAt: new Date() }).where('email', '=', done.userEmail).where('emailVerifiedAt', 'is', null).execute();
  };
  const VerifyToken = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200, description: 'The token from the confirmation mail\'s link.' }) }, { title: 'VerifyEmail' });
  app.post('/api/user/verify_email', {
    schema: { operationId: 'verifyEmail', summary: 'Confirm an email address', description: 'Anyone holding the token from a sign-up\'s confirmation mail. Marks the address verified, so staff can activate the account. The token works once and expires; a bad one answers 400 on `token`.', tags: ['users'], security: [], body: VerifyToken, response: { 200: ref(StatusOk), ...errors(400) } },
  }, async (request) => {
    await verifyEmail(request.body.token);
    return { status: 'OK' as const };
  });
  app.get('/api/user/verify_email', {
    schema: { operationId: 'verifyEmailLink', summary: 'Confirm an email address from the mailed link', description: 'The link in the confirmation mail. As `POST /api/user/verify_email`, then redirects (303) to the sign-in page with `emailVerified=1`, or `emailVerified=0` when the token is bad, used or expired.', tags: ['users'], security: [], querystring: VerifyToken, response: { 303: Type.Null({ description: 'Redirect to the sign-in page.' }), ...errors(400) } },
  }, async (request, reply) => {
    const ok = await verifyEmail(request.query.token).then(() => true, () => false);
    return reply.status(303).header('Location', apiLink(app.ctx.config, `/auth/login?emailVerified=${ok ? 1 : 0}`)).send(null);
  });

  app.post('/api/user/forgot_password', {
    schema: { operationId: 'forgotPassword', summary: 'Ask for a password reset link', description: 'Anyone may call it. When the email belongs to an account, a background job mails it a single-use link valid for a few days. The answer is the same, and as fast, whether or not the account exists. Requests are limited per account and address, per client address, and per account from addresses that have not signed in to it (429 with `Retry-After`; a refused request does not count). A new link ends the earlier ones.', tags: ['users'], security: [], body: ForgotPassword, response: { 200: ref(StatusOk), ...errors(400, 429) } },
  }, async (request) => {
    const email = normaliseEmail(request.body.email);
    await app.ctx.limits.forgotPassword.consume(await app.ctx.limits.accountKeys(email, request.ip));
    // The token and the mail are made by a job: no timing difference for existing accounts.
    await app.ctx.jobs.sendAccountMail({ kind: 'reset', email, locale: request.locale });
    return { status: 'OK' as const };
  });

  app.post('/api/user/forgot_password/token', {
    schema: { operationId: 'resetPassword', summary: 'Set a new password with a reset link\'s token', description: 'Anyone holding a reset token may call it. The token works once and expires, and dies when a newer link is sent or the password changes by any path; the password must follow the password rules. A new password ends every open session of the account.', tags: ['users'], security: [], body: ResetPassword, response: { 200: ref(StatusOk), ...errors(400) } },
  }, async (request) => {
    const { token, password } = request.body;
    const row = await db.selectFrom('passwordResetTokens').select(['userEmail', 'expiresAt', 'usedAt']).where('tokenHash', '=', hashToken(token)).executeTakeFirst();
    if (!row || row.usedAt || new Date(row.expiresAt).getTime() < Date.now()) throw fieldError('token', 'reset.tokenInvalid');
    const errs = new FieldErrors();
    checkPassword(errs, password, row.userEmail);
    errs.throwIfAny();
    const passwordHash = await hashPassword(password);
    await transaction(db, async (trx) => {
      const used = await trx.updateTable('passwordResetTokens').set({ usedAt: new Date() }).where('tokenHash', '=', hashToken(token)).where('usedAt', 'is', null).executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw fieldError('token', 'reset.tokenInvalid');
      await trx.updateTable('users').set({ passwordHash, lastModifiedAt: new Date() }).where('email', '=', row.userEmail).execute();
      // A new password ends every open session.
      await endSessions(trx, row.userEmail);
    }, writer(request, { actor: row.userEmail }));
    return { status: 'OK' as const };
  });

  app.get('/api/user/:email/', {
    schema: { operationId: 'getUser', summary: 'Get a user account', description: 'Any signed-in user: staff any account, an ordinary user only their own (403 otherwise). The email in the path is matched case-insensitively.', tags: ['users'], params: EmailParams, response: { 200: ref(User), ...errors(401, 403, 404) } },
  }, async (request, reply) => {
    const me = currentUser(request);
    const email = normaliseEmail(request.params.email);
    if (!me.isStaff && email !== me.email) throw forbidden();
    const user = await getUser(email);
    if (!user) throw notFound();
    return withEtag(reply, user);
  });

  const updateUser = async (request: FastifyRequest, actorEmail: string, email: string, body: { name?: string; isActive?: boolean; isStaff?: boolean; password?: string; email?: string }) => {
    const user = await db.selectFrom('users').select(['email', 'isActive', 'isStaff', 'emailVerifiedAt']).where('email', '=', email).executeTakeFirst();
    if (!user) throw notFound();
    const errs = new FieldErrors();
    if (body.email !== undefined && normaliseEmail(body.email) !== email) errs.add('email', 'user.emailImmutable');
    if (email === actorEmail && body.isStaff !== undefined && body.isStaff !== user.isStaff) errs.add('isStaff', 'user.ownStaff');
    if (email === actorEmail && body.isActive !== undefined && body.isActive !== user.isActive) errs.add('isActive', 'user.ownActive');
    if (body.password !== undefined) checkPassword(errs, body.password, email);
    if (body.name !== undefined && !body.name.trim()) errs.add('name', 'field.blank');
    if (body.isActive === true && !user.isActive && !user.emailVerifiedAt) errs.add('isActive', 'user.emailNotVerified');
    errs.throwIfAny();
    const set: Record<string, unknown> = { lastModifiedAt: new Date() };
    if (body.name !== undefined) set.name = body.name.trim();
    if (body.isActive !== undefined) set.isActive = body.isActive;
    if (body.isStaff !== undefined) set.isStaff = body.isStaff;
    if (body.password !== undefined) set.passwordHash = await hashPassword(body.password);
    await transaction(db, async (trx) => {
      const current = await lockRecord(trx, 'users', email);
      if (!current) throw notFound();
      await checkVersion(request, current, () => getUser(email));
      await trx.updateTable('users').set(set).where('email', '=', email).execute();
      // A new password or a deactivation ends every session of the account.
      if (body.password !== undefined || body.isActive === false) await endSessions(trx, email);
    }, writer(request));
    return getUser(email);
  };

  app.put('/api/user/:email/', {
    schema: { operationId: 'updateUser', summary: 'Update a user account', description: 'Staff only. Sets name, active and staff flags and optionally a new password (password rules apply). The email cannot change. Staff cannot change their own staff flag or deactivate themselves; an account whose email is not verified cannot be activated (400 on `isActive`). Setting a password or deactivating an account ends its open sessions.', tags: ['users'], params: EmailParams, body: UserUpdate, response: { 200: ref(User), ...errors(400, 401, 403, 404), ...conflict(ref(User)) } },
    config: { access: 'staff' },
  }, async (request, reply) => withEtag(reply, (await updateUser(request, currentUser(request).email, normaliseEmail(request.params.email), request.body))!));
  app.patch('/api/user/:email/', {
    schema: { operationId: 'patchUser', summary: 'Update some fields of a user account', description: 'As PUT, with every field optional.', tags: ['users'], params: EmailParams, body: UserPatch, response: { 200: ref(User), ...errors(400, 401, 403, 404), ...conflict(ref(User)) } },
    config: { access: 'staff' },
  }, async (request, reply) => withEtag(reply, (await updateUser(request, currentUser(request).email, normaliseEmail(request.params.email), request.body))!));

  app.delete('/api/user/:email/', {
    schema: { operationId: 'deleteUser', summary: 'Delete a user account', description: 'Staff only. Staff cannot delete their own account.', tags: ['users'], params: EmailParams, response: { 204: Type.Null(), ...errors(400, 401, 403, 404), ...conflict(ref(User)) } },
    config: { access: 'staff' },
  }, async (request, reply) => {
    const email = normaliseEmail(request.params.email);
    if (email === currentUser(request).email) throw nonFieldError('user.ownDelete');
    await transaction(db, async (trx) => {
      const current = await lockRecord(trx, 'users', email);
      if (!current) throw notFound();
      await checkVersion(request, current, () => getUser(email));
      await trx.deleteFrom('users').where('email', '=', email).execute();
    }, writer(request));
    return reply.status(204).send(null);
  });
}
