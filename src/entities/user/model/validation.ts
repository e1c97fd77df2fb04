import { object, string, type StringSchema } from 'yup';

import { EMAIL_PATTERN, LIMITS, passwordProblems, type PasswordProblem } from '@timberlog/contract';
import { contractText } from '@/shared/i18n';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const EMAIL_REGEXP = new RegExp(EMAIL_PATTERN);

/** An email field: required, a plausible address, within the server's length. */
export const emailSchema = (t: Translate): StringSchema =>
  string()
    .trim()
    .required(t('auth.validation.emailRequired'))
    .max(LIMITS.emailMaxLength, t('auth.validation.tooLong', { limit: LIMITS.emailMaxLength }))
    .matches(EMAIL_REGEXP, t('auth.validation.emailInvalid'));

export const nameSchema = (t: Translate): StringSchema =>
  string()
    .trim()
    .required(t('auth.validation.nameRequired'))
    .max(LIMITS.nameMaxLength, t('auth.validation.tooLong', { limit: LIMITS.nameMaxLength }));

// One message per rule of the contract's passwordProblems, so every broken rule is named.
const PASSWORD_MESSAGES: Readonly<Record<PasswordProblem, (t: Translate) => string>> = {
  tooShort: (t) => t('auth.validation.passwordTooShort', { limit: LIMITS.passwordMinLength }),
  tooLong: (t) => t('auth.validation.tooLong', { limit: LIMITS.passwordMaxLength }),
  numeric: (t) => t('auth.validation.passwordNumeric'),
  blank: () => contractText('password.blank'),
  repeated: () => contractText('password.repeated'),
  sameAsEmail: (t) => t('auth.validation.passwordSameAsEmail'),
};

/**
 * The server's password rules (the contract's `passwordProblems`): length bounds, not only
 * digits, not the email or its local part. The email is the form's `email` field unless given.
 */
export const passwordSchema = (t: Translate, email?: string): StringSchema =>
  (Object.keys(PASSWORD_MESSAGES) as PasswordProblem[]).reduce(
    (schema, problem) =>
      schema.test(problem, PASSWORD_MESSAGES[problem](t), function obeys(value) {
        if (!value) return true;
        const parent = this.parent as { email?: unknown } | undefined;
        const address = email ?? (typeof parent?.email === 'string' ? parent.email : '');
        return !passwordProblems(value, address).includes(problem);
      }),
    string().required(t('auth.validation.passwordRequired')),
  );

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
