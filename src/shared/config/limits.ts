/**
 * The business limits the forms check, the same numbers as the server's
 * (server/src/shared/limits.ts; a test fails when the two differ).
 */
export const LIMITS = {
  passwordMinLength: 10,
  passwordMaxLength: 128,
  emailMaxLength: 254,
  nameMaxLength: 150,
} as const;
