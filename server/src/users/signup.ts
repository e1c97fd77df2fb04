/** Signing up (an inactive account, answered alike for taken addresses) and confirming the address by the mailed link. */
import type { App } from '../infra/context.js';
import { FieldErrors, fieldError } from '../http/errors.js';
import { ref, errors, StatusOk, Type } from '../http/schema.js';
import { checkPassword, hashPassword, normaliseEmail } from './rules.js';
import { hashToken } from './account-mail.js';
import { apiLink } from '../http/urls.js';
import { SignUp, User } from './schemas.js';

export async function signUpRoutes(app: App) {
  const { db } = app.ctx;

  app.post(
    '/user/signup',
    {
      schema: {
        operationId: 'signUp',
        summary: 'Sign up for an account',
        description:
          'Anyone may call it. Answers 201 the same way whether or not the email already has an account, so it reveals no accounts: a new address gets an inactive, non-staff account and a mail with a single-use link confirming the address (staff can activate the account only after that); an address that already has an account gets a mail saying so instead. The password must follow the password rules. Sign-ups are limited per client address (429 with `Retry-After`).',
        tags: ['users'],
        security: [],
        body: SignUp,
        response: { 201: ref(User), ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await app.ctx.limits.signUp.consume({ address: request.ip });
      const body = request.body;
      const email = normaliseEmail(body.email);
      const errs = new FieldErrors();
      checkPassword(errs, body.password, email, 'password', body.name);
      if (!body.name.trim()) errs.add('name', 'field.blank');
      errs.throwIfAny();
      // Hashed either way: the answer takes as long for a taken address as for a new one.
      const passwordHash = await hashPassword(body.password);
      const inserted = await db
        .insertInto('users')
        .values({ email, name: body.name.trim(), passwordHash, isActive: false, isStaff: false, emailVerifiedAt: null })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('email')
        .executeTakeFirst();
      await app.ctx.jobs.sendAccountMail({ kind: inserted ? 'verify' : 'signupExisting', email, locale: request.locale });
      reply.status(201);
      // The same shape for a new and a taken address; nothing about an existing account.
      const now = new Date().toISOString();
      return {
        email,
        name: body.name.trim(),
        isActive: false,
        isStaff: false,
        emailVerified: false,
        dateJoined: now,
        lastLogin: null,
        createdAt: now,
        lastModifiedAt: now,
        version: 1,
      };
    },
  );

  const verifyEmail = async (token: string) => {
    const done = await db
      .updateTable('emailVerificationTokens')
      .set({ usedAt: new Date() })
      .where('tokenHash', '=', hashToken(token))
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', new Date().toISOString())
      .returning('userEmail')
      .executeTakeFirst();
    if (!done) throw fieldError('token', 'verify.tokenInvalid');
    await db
      .updateTable('users')
      .set({ emailVerifiedAt: new Date(), lastModifiedAt: new Date() })
      .where('email', '=', done.userEmail)
      .where('emailVerifiedAt', 'is', null)
      .execute();
  };
  const VerifyToken = Type.Object(
    { token: Type.String({ minLength: 1, maxLength: 200, description: "The token from the confirmation mail's link." }) },
    { title: 'VerifyEmail' },
  );
  app.post(
    '/user/verify_email',
    {
      schema: {
        operationId: 'verifyEmail',
        summary: 'Confirm an email address',
        description:
          "Anyone holding the token from a sign-up's confirmation mail. Marks the address verified, so staff can activate the account. The token works once and expires; a bad one answers 400 on `token`.",
        tags: ['users'],
        security: [],
        body: VerifyToken,
        response: { 200: ref(StatusOk), ...errors(400) },
      },
    },
    async (request) => {
      await verifyEmail(request.body.token);
      return { status: 'OK' as const };
    },
  );
  app.get(
    '/user/verify_email',
    {
      schema: {
        operationId: 'verifyEmailLink',
        summary: 'Confirm an email address from the mailed link',
        description:
          'The link in the confirmation mail. As `POST /api/user/verify_email`, then redirects (303) to the sign-in page with `emailVerified=1`, or `emailVerified=0` when the token is bad, used or expired.',
        tags: ['users'],
        security: [],
        querystring: VerifyToken,
        response: { 303: Type.Null({ description: 'Redirect to the sign-in page.' }), ...errors(400) },
      },
    },
    async (request, reply) => {
      const ok = await verifyEmail(request.query.token).then(
        () => true,
        () => false,
      );
      return reply
        .status(303)
        .header('Location', apiLink(app.ctx.config, `/auth/login?emailVerified=${ok ? 1 : 0}`))
        .send(null);
    },
  );
}
