/** Forgotten passwords: asking for a reset link (answered alike for any address) and setting a new password with its token. */
import type { App } from '../infra/context.js';
import { FieldErrors, fieldError } from '../http/errors.js';
import { ref, errors, StatusOk } from '../http/schema.js';
import { writer } from '../auth/guards.js';
import { checkPassword, hashPassword, normaliseEmail } from './rules.js';
import { endSessions } from '../auth/tokens.js';
import { hashToken } from './account-mail.js';
import { transaction } from '../infra/transaction.js';
import { ForgotPassword, ResetPassword } from './schemas.js';

export async function passwordResetRoutes(app: App) {
  const { db } = app.ctx;

  app.post(
    '/user/forgot_password',
    {
      schema: {
        operationId: 'forgotPassword',
        summary: 'Ask for a password reset link',
        description:
          'Anyone may call it. When the email belongs to an account, a background job mails it a single-use link valid for a few days. The answer is the same, and as fast, whether or not the account exists. Requests are limited per account and address, per client address, and per account from addresses that have not signed in to it (429 with `Retry-After`; a refused request does not count). A new link ends the earlier ones.',
        tags: ['users'],
        security: [],
        body: ForgotPassword,
        response: { 200: ref(StatusOk), ...errors(400, 429) },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      await app.ctx.limits.forgotPassword.consume(await app.ctx.limits.accountKeys(email, request.ip));
      // The token and the mail are made by a job: no timing difference for existing accounts.
      await app.ctx.jobs.sendAccountMail({ kind: 'reset', email, locale: request.locale });
      return { status: 'OK' as const };
    },
  );

  app.post(
    '/user/forgot_password/token',
    {
      schema: {
        operationId: 'resetPassword',
        summary: "Set a new password with a reset link's token",
        description:
          'Anyone holding a reset token may call it. The token works once and expires, and dies when a newer link is sent or the password changes by any path; the password must follow the password rules. A new password ends every open session of the account.',
        tags: ['users'],
        security: [],
        body: ResetPassword,
        response: { 200: ref(StatusOk), ...errors(400) },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const row = await db
        .selectFrom('passwordResetTokens')
        .select(['userEmail', 'expiresAt', 'usedAt'])
        .where('tokenHash', '=', hashToken(token))
        .executeTakeFirst();
      if (!row || row.usedAt || new Date(row.expiresAt).getTime() < Date.now()) throw fieldError('token', 'reset.tokenInvalid');
      const errs = new FieldErrors();
      checkPassword(errs, password, row.userEmail);
      errs.throwIfAny();
      const passwordHash = await hashPassword(password);
      await transaction(
        db,
        async (trx) => {
          const used = await trx
            .updateTable('passwordResetTokens')
            .set({ usedAt: new Date() })
            .where('tokenHash', '=', hashToken(token))
            .where('usedAt', 'is', null)
            .executeTakeFirst();
          if (Number(used.numUpdatedRows) !== 1) throw fieldError('token', 'reset.tokenInvalid');
          await trx.updateTable('users').set({ passwordHash, lastModifiedAt: new Date() }).where('email', '=', row.userEmail).execute();
          // A new password ends every open session.
          await endSessions(trx, row.userEmail);
        },
        writer(request, { actor: row.userEmail }),
      );
      return { status: 'OK' as const };
    },
  );
}
