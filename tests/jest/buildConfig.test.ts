import type { RsbuildConfig } from '@rsbuild/core';

import buildConfig from '../../rsbuild.config';

// Rsbuild ships ESM only; its loadEnv is stood in for by one that does what its documentation
// says: variables whose names start with one of `prefixes` (the environment wins over .env files).
jest.mock('@rsbuild/core', () => ({
  defineConfig: (config: unknown) => config,
  loadEnv: ({ prefixes = ['PUBLIC_'] }: { prefixes?: string[] }) => ({
    rawPublicVars: Object.fromEntries(
      Object.entries(process.env).filter(([name]) => prefixes.some((prefix) => name.startsWith(prefix))),
    ),
  }),
}));
jest.mock('@rsbuild/plugin-react', () => ({ pluginReact: () => ({ name: 'react' }) }));

type ConfigFn = (env: { envMode: string; env: string; command: string }) => RsbuildConfig;

const defineFor = (envMode: string): Record<string, unknown> =>
  (buildConfig as unknown as ConfigFn)({ envMode, env: 'production', command: 'build' }).source?.define ?? {};

describe('the build config (toolchain: only APP_PUBLIC_ settings reach the browser)', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('hands the APP_PUBLIC_ settings to the web app and nothing else from the environment', () => {
    process.env.APP_PUBLIC_BACKEND_URL = 'https://api.example.test';
    process.env.APP_PUBLIC_SENTRY_DSN = 'https://key@sentry.example.test/1';
    process.env.PUBLIC_BACKEND_URL = 'https://wrong-prefix.example.test';
    process.env.DATABASE_URL = 'postgres://secret@db/timberlog';

    const define = defineFor('production');
    expect(define['import.meta.env.APP_PUBLIC_BACKEND_URL']).toBe(JSON.stringify('https://api.example.test'));
    expect(define['import.meta.env.APP_PUBLIC_SENTRY_DSN']).toBe(JSON.stringify('https://key@sentry.example.test/1'));
    const defined = JSON.stringify(define);
    expect(defined).not.toContain('wrong-prefix');
    expect(defined).not.toContain('secret@db');
    expect(Object.keys(define).filter((key) => !key.startsWith('import.meta.env.APP_PUBLIC_'))).toEqual([
      'import.meta.env.APP_BUILD_ID',
    ]);
  });

  it('defines an unset setting as empty, so the app can name what is missing', () => {
    delete process.env.APP_PUBLIC_SENTRY_DSN;
    expect(defineFor('production')['import.meta.env.APP_PUBLIC_SENTRY_DSN']).toBe('""');
  });
});
