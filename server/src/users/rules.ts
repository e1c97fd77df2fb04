import argon2 from 'argon2';
import { FieldErrors } from '../shared/errors.js';
import { LIMITS, passwordProblems, type PasswordProblem } from '@timberlog/contract';

const PASSWORD_MESSAGES: Record<PasswordProblem, { key: string; params?: Record<string, number> }> = {
  tooShort: { key: 'password.tooShort', params: { limit: LIMITS.passwordMinLength } },
  tooLong: { key: 'password.tooLong', params: { limit: LIMITS.passwordMaxLength } },
  numeric: { key: 'password.numeric' },
  sameAsEmail: { key: 'password.sameAsEmail' },
};

/** Adds a field error for each of the contract's password rules the password breaks. */
export function checkPassword(errors: FieldErrors, password: string, email: string, field = 'password'): void {
  for (const problem of passwordProblems(password, email)) errors.add(field, PASSWORD_MESSAGES[problem].key, PASSWORD_MESSAGES[problem].params);
}

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
export const verifyPassword = (hash: string, password: string) => argon2.verify(hash, password).catch(() => false);
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
