import { createHmac, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { importPKCS8, SignJWT, UnsecuredJWT } from 'jose';

import { signTestToken } from '../../../tests/jest/tokens';

import { isAccessTokenValid } from './accessToken';

// The public half of the test key pair, as the app is configured with it (.env.test).
const publicKeyPem = process.env.APP_PUBLIC_JWT_PUBLIC_KEY ?? '';
const privateKeyPem = readFileSync(resolve(__dirname, '../../../tests/fixtures/jwt-test-private.pem'), 'utf8');
const claims = { token_type: 'access', user_id: 'mari.maasikas@example.com', is_staff: false };

const signedWith = async (alg: 'PS256' | 'RS384') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(await importPKCS8(privateKeyPem, alg));

describe('the access token check (product rules: Session; RS256 against the configured key)', () => {
  it('accepts an RS256 access token signed with the key', async () => {
    expect(publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect(await isAccessTokenValid(await signTestToken(), publicKeyPem)).toBe(true);
  });

  it('refuses the same key with another algorithm', async () => {
    expect(await isAccessTokenValid(await signedWith('PS256'), publicKeyPem)).toBe(false);
    expect(await isAccessTokenValid(await signedWith('RS384'), publicKeyPem)).toBe(false);
  });

  it('refuses an HMAC token keyed with the public key text, and an unsigned one', async () => {
    // Built by hand: the classic algorithm-confusion token, which jose refuses to sign with a key it knows is public.
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, exp: Math.floor(Date.now() / 1000) + 300 })}`;
    const hmac = `${unsigned}.${createHmac('sha256', publicKeyPem).update(unsigned).digest('base64url')}`;
    expect(await isAccessTokenValid(hmac, publicKeyPem)).toBe(false);
    expect(await isAccessTokenValid(new UnsecuredJWT(claims).setExpirationTime('5m').encode(), publicKeyPem)).toBe(false);
  });

  it('refuses an expired token and a refresh token', async () => {
    expect(await isAccessTokenValid(await signTestToken({ expiresInSeconds: -10 }), publicKeyPem)).toBe(false);
    expect(await isAccessTokenValid(await signTestToken({ tokenType: 'refresh' }), publicKeyPem)).toBe(false);
  });

  it('refuses a token signed with another key, a changed payload and one not valid yet', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256' })
      .setExpirationTime('5m')
      .sign(await importPKCS8(other, 'RS256'));
    expect(await isAccessTokenValid(foreign, publicKeyPem)).toBe(false);
    const [header, , signature] = (await signTestToken()).split('.');
    const staff = Buffer.from(JSON.stringify({ ...claims, is_staff: true, exp: Math.floor(Date.now() / 1000) + 300 })).toString(
      'base64url',
    );
    expect(await isAccessTokenValid(`${header}.${staff}.${signature}`, publicKeyPem)).toBe(false);
    const later = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256' })
      .setNotBefore('5m')
      .setExpirationTime('10m')
      .sign(await importPKCS8(privateKeyPem, 'RS256'));
    expect(await isAccessTokenValid(later, publicKeyPem)).toBe(false);
    expect(await isAccessTokenValid('not.a-token', publicKeyPem)).toBe(false);
    expect(await isAccessTokenValid(await signTestToken(), 'not a key')).toBe(false);
  });
});
