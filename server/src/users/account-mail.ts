import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@timberlog/contract';
import type { AppContext } from '../infra/context.js';
import type { AccountMailJob } from '../infra/jobs.js';
import { t } from '../http/i18n.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Mail links point at PUBLIC_URL (never the request's Host header). */
const base = (ctx: AppContext) => (ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/+$/, '');

/**
 * Writes and sends one account mail (the `account-mail` job). Runs outside the request, so
 * sign-up and forgot-password answer at once and the same way whether or not the account exists.
 * The mails hold no user-chosen text (no name): only our wording, the address and our link.
 */
export async function sendAccountMail(ctx: AppContext, job: AccountMailJob): Promise<void> {
  const { db, mailer } = ctx;
  const user = await db.selectFrom('users').select(['email', 'emailVerifiedAt']).where('email', '=', job.email).executeTakeFirst();
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  if (job.kind === 'reset') {
    // Only the newest link works: a newer one ends every earlier one (a password change ends
    // them all, by the trigger of migration 015).
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('passwordResetTokens').where('userEmail', '=', user.email).execute();
      await trx
        .insertInto('passwordResetTokens')
        .values({
          tokenHash: hashToken(token),
          userEmail: user.email,
          expiresAt: new Date(Date.now() + LIMITS.passwordResetTokenDays * 86400_000),
        })
        .execute();
    });
    const link = `${base(ctx)}/auth/reset-password?token=${token}`;
    await mailer.send({
      to: user.email,
      subject: t(job.locale, 'mail.resetSubject'),
      text: t(job.locale, 'mail.resetBody', { link, days: LIMITS.passwordResetTokenDays }),
      link,
    });
  } else if (job.kind === 'verify') {
    if (user.emailVerifiedAt) return;
    await db
      .insertInto('emailVerificationTokens')
      .values({
        tokenHash: hashToken(token),
        userEmail: user.email,
        expiresAt: new Date(Date.now() + LIMITS.passwordResetTokenDays * 86400_000),
      })
      .execute();
    const link = `${base(ctx)}/api/user/verify_email?token=${token}`;
    await mailer.send({
      to: user.email,
      subject: t(job.locale, 'mail.verifySubject'),
      text: t(job.locale, 'mail.verifyBody', { link, days: LIMITS.passwordResetTokenDays }),
      link,
    });
  } else {
    const link = `${base(ctx)}/auth/forgot-password`;
    await mailer.send({
      to: user.email,
      subject: t(job.locale, 'mail.signupExistingSubject'),
      text: t(job.locale, 'mail.signupExistingBody', { link }),
    });
  }
}
