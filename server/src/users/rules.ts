import argon2 from 'argon2';
import { FieldErrors } from '../shared/errors.js';
import { LIMITS } from '@timberlog/contract';

/** Password rules: minimum length, not all digits, not the email (or its local part). */
export function checkPassword(errors: FieldErrors, password: string, email: string, field = 'password'): void {
  if (password.length < LIMITS.passwordMinLength) errors.add(field, 'password.tooShort', { limit: LIMITS.passwordMinLength });
  if (/^\d+$/.test(password)) errors.add(field, 'password.numeric');
  const lower = password.toLowerCase();
  const mail = email.toLowerCase();
  if (lower === mail || lower === mail.split('@')[0]) errors.add(field, 'password.sameAsEmail');
}

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
export const verifyPassword = (hash: string, password: string) => argon2.verify(hash, password).catch(() => false);
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
