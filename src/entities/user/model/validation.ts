import { object, string, type StringSchema } from 'yup';

import { LIMITS } from '@timberlog/contract';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** An email field: required, a plausible address, within the server's length. */
export const emailSchema = (t: Translate): StringSchema =>
  string()
    .trim()
    .required(t('auth.validation.emailRequired'))
    .max(LIMITS.emailMaxLength, t('auth.validation.tooLong', { limit: LIMITS.emailMaxLength }))
    .matches(EMAIL_PATTERN, t('auth.validation.emailInvalid'));

export const nameSchema = (t: Translate): StringSchema =>
  string()
    .trim()
    .required(t('auth.validation.nameRequired'))
    .max(LIMITS.nameMaxLength, t('auth.validation.tooLong', { limit: LIMITS.nameMaxLength }));

/**
 * The server's password rules (server/src/users/rules.ts): at least the minimum length, not only
 * digits, not the email or its local part. The email is the form's `email` field unless given.
 */
export const passwordSchema = (t: Translate, email?: string): StringSchema =>
  string()
    .required(t('auth.validation.passwordRequired'))
    .min(LIMITS.passwordMinLength, t('auth.validation.passwordTooShort', { limit: LIMITS.passwordMinLength }))
    .max(LIMITS.passwordMaxLength, t('auth.validation.tooLong', { limit: LIMITS.passwordMaxLength }))
    .test('not-numeric', t('auth.validation.passwordNumeric'), (value) => !/^\d+$/.test(value ?? ''))
    .test('not-email', t('auth.validation.passwordSameAsEmail'), function notEmail(value) {
      const parent = this.parent as { email?: unknown } | undefined;
      const address = (email ?? (typeof parent?.email === 'string' ? parent.email : '')).trim().toLowerCase();
      if (!address || !value) return true;
      const lower = value.toLowerCase();
      return lower !== address && lower !== address.split('@')[0];
    });

export interface NewPasswordValues {
  password: string;
  passwordConfirm: string;
}

/** A new password typed twice: the server's rules on the first, the same text on the second. */
export const newPasswordSchema = (t: Translate, email?: string) =>
  object({
    password: passwordSchema(t, email),
    passwordConfirm: string()
      .required(t('auth.validation.passwordConfirmRequired'))
      .test('same', t('auth.validation.passwordMismatch'), function same(value) {
        return value === (this.parent as NewPasswordValues).password;
      }),
  });
