import argon2 from 'argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { FieldErrors } from '../http/errors.js';
import { LIMITS, passwordProblems, type PasswordProblem } from '@timberlog/contract';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

const PASSWORD_MESSAGES: Record<PasswordProblem, { key: string; params?: Record<string, number> }> = {
  tooShort: { key: 'password.tooShort', params: { limit: LIMITS.passwordMinLength } },
  tooLong: { key: 'password.tooLong', params: { limit: LIMITS.passwordMaxLength } },
  numeric: { key: 'password.numeric' },
  sameAsEmail: { key: 'password.sameAsEmail' },
  blank: { key: 'password.blank' },
  repeated: { key: 'password.repeated' },
};

// zxcvbn-ts with its common and English dictionaries (passwords from breaches, names, words,
// keyboard patterns); built once, on first use.
let estimator: ZxcvbnFactory | undefined;
const estimate = (password: string, inputs: string[]) => {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs });
  return estimator.check(password, inputs);
};
const PUBLISHED_PASSWORDS = new Set(Object.values(DEMO_USERS).map((user) => user.password.toLowerCase()));

/** zxcvbn's score 0-4: below 3 is "guessable" within about 10^8 guesses. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The password policy, the one source for every path that sets a password (sign-up, staff's
 * account forms, the own account, reset links, `create-staff`): a message for each of the
 * contract's password rules the password breaks, and when it breaks none, one when it is common
 * or easily guessed (also from the email, the name and the product's name).
 */
export function passwordRuleBreaks(password: string, email: string, name = ''): { key: string; params?: Record<string, number> }[] {
  const problems = passwordProblems(password, email);
  if (problems.length > 0) return problems.map((problem) => PASSWORD_MESSAGES[problem]);
  // The demo's passwords are in the README: only the seeded demo accounts have them, never an
  // account made or changed through the product (in production, demo accounts do not exist).
  if (PUBLISHED_PASSWORDS.has(password.trim().toLowerCase())) return [{ key: 'password.published' }];
  if (password.length > LIMITS.passwordMaxLength) return [];
  const inputs = [email, email.split('@')[0] ?? '', ...name.split(/\s+/), 'timberlog'].filter((x) => x.length > 2);
  return estimate(password, inputs).score < MIN_PASSWORD_SCORE ? [{ key: 'password.common' }] : [];
}

/** Adds a field error for each way the password breaks the policy (`passwordRuleBreaks`). */
export function checkPassword(errors: FieldErrors, password: string, email: string, field = 'password', name = ''): void {
  for (const { key, params } of passwordRuleBreaks(password, email, name)) errors.add(field, key, params);
}

export const hashPassword = (password: string) =>
  argon2.hash(password, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
export const verifyPassword = (hash: string, password: string) => argon2.verify(hash, password).catch(() => false);
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
