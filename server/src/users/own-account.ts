/** The signed-in user's own account: read it, change the name and password (the current password required). */
import type { FastifyRequest } from 'fastify';
import type { App } from '../infra/context.js';
import { FieldErrors } from '../http/errors.js';
import { ref, errors, conflict, IfMatchHeaders, type Static } from '../http/schema.js';
import { currentUser, writer } from '../auth/guards.js';
import { checkPassword, hashPassword, verifyPassword } from './rules.js';
import { endSessions } from '../auth/tokens.js';
import { transaction } from '../infra/transaction.js';
import { lockForWrite, withEtag } from '../records/versions.js';
import { MePatch, MeUpdate, Preferences, PreferencesPatch, User } from './schemas.js';
import { readUser } from './queries.js';

export async function ownAccountRoutes(app: App) {
  const { db } = app.ctx;
  const getUser = (email: string) => readUser(db, email);

  app.get(
    '/user/me',
    {
      schema: {
        operationId: 'getMe',
        summary: 'Get the signed-in user',
        description: 'Any signed-in user: their own account, including whether they are staff.',
        tags: ['users'],
        response: { 200: ref(User), ...errors(401) },
      },
    },
    async (request, reply) => withEtag(reply, (await getUser(currentUser(request).email))!),
  );

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
    await transaction(
      db,
      async (trx) => {
        await lockForWrite(request, trx, 'users', email, () => getUser(email));
        await trx.updateTable('users').set(set).where('email', '=', email).execute();
        // A new password ends every session of the account, this one too: the caller signs in again.
        if (body.password !== undefined) await endSessions(trx, email);
      },
      writer(request),
    );
    return getUser(email);
  };
  app.put(
    '/user/me',
    {
      schema: {
        operationId: 'updateMe',
        summary: 'Change the own name and password',
        description:
          "Any signed-in user, for their own account. A new password needs `currentPassword` (400 on `currentPassword` when it is missing or wrong; wrong guesses count towards the sign-in limits) and must follow the password rules; it ends every session of the account, the caller's included, so the caller signs in again with the new password. Email, staff and active flags cannot be changed here.",
        tags: ['users'],
        body: MeUpdate,
        headers: IfMatchHeaders,
        response: { 200: ref(User), ...errors(400, 401), ...conflict(ref(User)) },
      },
    },
    async (request, reply) => withEtag(reply, (await updateMe(request, currentUser(request).email, request.body))!),
  );
  app.patch(
    '/user/me',
    {
      schema: {
        operationId: 'patchMe',
        summary: 'Change the own name or password',
        description: 'As PUT, with every field optional.',
        tags: ['users'],
        body: MePatch,
        headers: IfMatchHeaders,
        response: { 200: ref(User), ...errors(400, 401), ...conflict(ref(User)) },
      },
    },
    async (request, reply) => withEtag(reply, (await updateMe(request, currentUser(request).email, request.body))!),
  );

  // Preferences are not part of the account's record: no version, no history, the last choice wins.
  // The table's checks hold the values to the contract's LOCALES and THEMES.
  const readPreferences = (email: string) =>
    db.selectFrom('users').select(['locale', 'theme']).where('email', '=', email).executeTakeFirstOrThrow() as Promise<
      Static<typeof Preferences>
    >;
  app.get(
    '/user/me/preferences',
    {
      schema: {
        operationId: 'getMyPreferences',
        summary: 'Get the own language and theme',
        description:
          'Any signed-in user: the language and theme kept with their account (null where none was chosen). The web app applies them at sign-in, on any browser.',
        tags: ['users'],
        response: { 200: ref(Preferences), ...errors(401) },
      },
    },
    async (request) => readPreferences(currentUser(request).email),
  );
  app.patch(
    '/user/me/preferences',
    {
      schema: {
        operationId: 'patchMyPreferences',
        summary: 'Keep the own language and theme',
        description:
          "Any signed-in user, for their own account: the fields given are kept (null forgets the choice). Not versioned: no If-Match, the last choice wins, and the account's version and history do not move.",
        tags: ['users'],
        body: PreferencesPatch,
        response: { 200: ref(Preferences), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { email } = currentUser(request);
      const { locale, theme } = request.body;
      if (locale !== undefined || theme !== undefined) {
        await db
          .updateTable('users')
          .set({ ...(locale !== undefined && { locale }), ...(theme !== undefined && { theme }) })
          .where('email', '=', email)
          .execute();
      }
      return readPreferences(email);
    },
  );
}
