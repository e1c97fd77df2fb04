import { parseConfig } from './env';

const KEY = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBg\n-----END PUBLIC KEY-----';
const valid = { APP_PUBLIC_BACKEND_URL: 'http://localhost:8080/', APP_PUBLIC_JWT_PUBLIC_KEY: KEY };

describe('parseConfig', () => {
  it('accepts the required settings and normalises them', () => {
    const result = parseConfig({ ...valid, APP_PUBLIC_JWT_PUBLIC_KEY: KEY.replace(/\n/g, '\\n'), MODE: 'production' });
    expect(result).toEqual({
      ok: true,
      config: expect.objectContaining({
        backendUrl: 'http://localhost:8080',
        jwtPublicKey: KEY,
        sentryDsn: null,
        apiMocking: false,
        isProduction: true,
      }) as unknown,
    });
  });

  it('names every missing required setting', () => {
    expect(parseConfig({ APP_PUBLIC_BACKEND_URL: '', APP_PUBLIC_JWT_PUBLIC_KEY: '  ' })).toEqual({
      ok: false,
      problems: [
        { name: 'APP_PUBLIC_BACKEND_URL', reason: 'missing' },
        { name: 'APP_PUBLIC_JWT_PUBLIC_KEY', reason: 'missing' },
      ],
    });
  });

  it('takes / as the app’s own origin: calls go to relative URLs', () => {
    const result = parseConfig({ ...valid, APP_PUBLIC_BACKEND_URL: '/' });
    expect(result.ok && result.config.backendUrl).toBe('');
  });

  it('rejects a backend URL that is not http(s), a key that is not a PEM public key, and a bad DSN', () => {
    const result = parseConfig({
      APP_PUBLIC_BACKEND_URL: 'localhost:8080',
      APP_PUBLIC_JWT_PUBLIC_KEY: 'not a key',
      APP_PUBLIC_SENTRY_DSN: 'nope',
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        { name: 'APP_PUBLIC_BACKEND_URL', reason: 'invalid' },
        { name: 'APP_PUBLIC_JWT_PUBLIC_KEY', reason: 'invalid' },
        { name: 'APP_PUBLIC_SENTRY_DSN', reason: 'invalid' },
      ],
    });
  });

  it('keeps an optional Sentry DSN', () => {
    const result = parseConfig({ ...valid, APP_PUBLIC_SENTRY_DSN: 'https://key@sentry.example.com/1' });
    expect(result.ok && result.config.sentryDsn).toBe('https://key@sentry.example.com/1');
  });
});
