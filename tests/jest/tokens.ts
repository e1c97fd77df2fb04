import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { importPKCS8, SignJWT } from 'jose';

// The private half of the test key pair whose public half is APP_PUBLIC_JWT_PUBLIC_KEY in .env.test.
const privateKeyPem = readFileSync(resolve(__dirname, '../fixtures/jwt-test-private.pem'), 'utf8');
const privateKey = importPKCS8(privateKeyPem, 'RS256');

export interface TestTokenOptions {
  readonly email?: string;
  readonly isStaff?: boolean;
  /** Seconds from now until the token expires; negative for an already expired token. */
  readonly expiresInSeconds?: number;
  readonly tokenType?: 'access' | 'refresh';
}

let counter = 0;

/** Signs a token the way the server does (RS256, same claims) with the test key. */
export async function signTestToken({
  email = 'mari.maasikas@example.com',
  isStaff = false,
  expiresInSeconds = 300,
  tokenType = 'access',
}: TestTokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  counter += 1;
  return new SignJWT({ token_type: tokenType, user_id: email, is_staff: isStaff })
    .setProtectedHeader({ alg: 'RS256' })
    .setIssuedAt(now - 1)
    .setExpirationTime(now + expiresInSeconds)
    .setJti(`test-${counter}`)
    .sign(await privateKey);
}
