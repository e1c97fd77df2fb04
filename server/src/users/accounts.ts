/** User accounts as staff manage them: the list (an ordinary user sees only their own), create, read, update, delete. */
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { App } from '../infra/context.js';
import { FieldErrors, forbidden, notFound, nonFieldError } from '../http/errors.js';
import { runList } from '../list/index.js';
import { userSpec } from './queries.js';
import { ref, errors, Type, conflict, IfMatchHeaders } from '../http/schema.js';
import { currentUser, writer } from '../auth/guards.js';
import { checkPassword, hashPassword, normaliseEmail } from './rules.js';
import { endSessions } from '../auth/tokens.js';
import { transaction } from '../infra/transaction.js';
import { lockForWrite, withEtag } from '../records/versions.js';
import { EmailParams, User, UserCreate, UserListQuery, UserPage, UserPatch, UserUpdate } from './schemas.js';
import { readUser } from './queries.js';

export async function accountRoutes(app: App) {
  const { db } = app.ctx;
  const getUser = (email: string) => readUser(db, email);

  app.get(
    '/user/',
    {
      schema: {
        operationId: 'listUsers',
        summary: 'List user accounts',
        description:
          "Any signed-in user. Staff see every account; an ordinary user's list holds only their own. The `email` filter is case-insensitive (emails are stored in lower case); `name` matches exactly.",
        tags: ['users'],
        querystring: UserListQuery,
        response: { 200: ref(UserPage), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      // An ordinary user's list holds only their own account.
      return runList(db, request, userSpec, request.query, me.isStaff ? [] : [sql`email = ${me.email}`]);
    },
  );

  app.post(
    '/user/',
    {
      schema: {
        operationId: 'createUser',
        summary: 'Create a user account',
        description:
          'Staff only. The email must be free; the password must follow the password rules (length, not only digits, not the email). The account is active unless `isActive` is false.',
        tags: ['users'],
        body: UserCreate,
        response: { 201: ref(User), ...errors(400, 401, 403) },
      },
      config: { access: 'staff' },
    },
    async (request, reply) => {
      const body = request.body;
      const email = normaliseEmail(body.email);
      const errs = new FieldErrors();
      checkPassword(errs, body.password, email, 'password', body.name);
      if (await getUser(email)) errs.add('email', 'user.emailTaken');
      errs.throwIfAny();
      await db
        .insertInto('users')
        .values({
          email,
          name: body.name.trim(),
          passwordHash: await hashPassword(body.password),
          isActive: body.isActive ?? true,
          isStaff: body.isStaff ?? false,
        })
        .execute();
      reply.status(201);
      return getUser(email);
    },
  );

  app.get(
    '/user/:email/',
    {
      schema: {
        operationId: 'getUser',
        summary: 'Get a user account',
        description:
          'Any signed-in user: staff any account, an ordinary user only their own (403 otherwise). The email in the path is matched case-insensitively.',
        tags: ['users'],
        params: EmailParams,
        response: { 200: ref(User), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const email = normaliseEmail(request.params.email);
      if (!me.isStaff && email !== me.email) throw forbidden();
      const user = await getUser(email);
      if (!user) throw notFound();
      return withEtag(reply, user);
    },
  );

  const updateUser = async (
    request: FastifyRequest,
    actorEmail: string,
    email: string,
    body: { name?: string; isActive?: boolean; isStaff?: boolean; password?: string; email?: string },
  ) => {
    const user = await db
      .selectFrom('users')
      .select(['email', 'isActive', 'isStaff', 'emailVerifiedAt'])
      .where('email', '=', email)
      .executeTakeFirst();
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
    await transaction(
      db,
      async (trx) => {
        await lockForWrite(request, trx, 'users', email, () => getUser(email));
        await trx.updateTable('users').set(set).where('email', '=', email).execute();
        // A new password or a deactivation ends every session of the account.
        if (body.password !== undefined || body.isActive === false) await endSessions(trx, email);
      },
      writer(request),
    );
    return getUser(email);
  };

  app.put(
    '/user/:email/',
    {
      schema: {
        operationId: 'updateUser',
        summary: 'Update a user account',
        description:
          'Staff only. Sets name, active and staff flags and optionally a new password (password rules apply). The email cannot change. Staff cannot change their own staff flag or deactivate themselves; an account whose email is not verified cannot be activated (400 on `isActive`). Setting a password or deactivating an account ends its open sessions.',
        tags: ['users'],
        params: EmailParams,
        body: UserUpdate,
        headers: IfMatchHeaders,
        response: { 200: ref(User), ...errors(400, 401, 403, 404), ...conflict(ref(User)) },
      },
      config: { access: 'staff' },
    },
    async (request, reply) =>
      withEtag(reply, (await updateUser(request, currentUser(request).email, normaliseEmail(request.params.email), request.body))!),
  );
  app.patch(
    '/user/:email/',
    {
      schema: {
        operationId: 'patchUser',
        summary: 'Update some fields of a user account',
        description: 'As PUT, with every field optional.',
        tags: ['users'],
        params: EmailParams,
        body: UserPatch,
        headers: IfMatchHeaders,
        response: { 200: ref(User), ...errors(400, 401, 403, 404), ...conflict(ref(User)) },
      },
      config: { access: 'staff' },
    },
    async (request, reply) =>
      withEtag(reply, (await updateUser(request, currentUser(request).email, normaliseEmail(request.params.email), request.body))!),
  );

  app.delete(
    '/user/:email/',
    {
      schema: {
        operationId: 'deleteUser',
        summary: 'Delete a user account',
        description: 'Staff only. Staff cannot delete their own account.',
        tags: ['users'],
        params: EmailParams,
        headers: IfMatchHeaders,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404), ...conflict(ref(User)) },
      },
      config: { access: 'staff' },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.params.email);
      if (email === currentUser(request).email) throw nonFieldError('user.ownDelete');
      await transaction(
        db,
        async (trx) => {
          await lockForWrite(request, trx, 'users', email, () => getUser(email));
          await trx.deleteFrom('users').where('email', '=', email).execute();
        },
        writer(request),
      );
      return reply.status(204).send(null);
    },
  );
}
