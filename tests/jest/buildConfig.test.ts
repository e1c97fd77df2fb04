import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** What the real Rsbuild (ESM only, so in a child process) defines for the browser from rsbuild.config.ts. */
const defineFor = (env: Record<string, string | undefined>): Record<string, unknown> => {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('APP_PUBLIC_') && !name.startsWith('PUBLIC_')),
  );
  const output = execFileSync(process.execPath, [path.join('tests', 'jest', 'fixtures', 'buildDefine.mjs'), 'production'], {
    cwd: path.resolve(__dirname, '..', '..'),
    env: { ...clean, ...env },
    encoding: 'utf8',
  });
  return JSON.parse(output) as Record<string, unknown>;
};

describe('the build config (toolchain: only APP_PUBLIC_ settings reach the browser)', () => {
  it('hands the APP_PUBLIC_ settings to the web app and nothing else from the environment', () => {
    const define = defineFor({
      APP_PUBLIC_BACKEND_URL: 'https://api.example.test',
      APP_PUBLIC_SENTRY_DSN: 'https://key@sentry.example.test/1',
      PUBLIC_BACKEND_URL: 'https://wrong-prefix.example.test',
      DATABASE_URL: 'postgres://secret@db/timberlog',
    });
    expect(define['import.meta.env.APP_PUBLIC_BACKEND_URL']).toBe(JSON.stringify('https://api.example.test'));
    expect(define['import.meta.env.APP_PUBLIC_SENTRY_DSN']).toBe(JSON.stringify('https://key@sentry.example.test/1'));
    const defined = JSON.stringify(define);
    expect(defined).not.toContain('wrong-prefix');
    expect(defined).not.toContain('secret@db');
    expect(Object.keys(define).filter((key) => !key.startsWith('import.meta.env.APP_PUBLIC_'))).toEqual(['import.meta.env.APP_BUILD_ID']);
  });

  it('defines an unset setting as empty, so the app can name what is missing', () => {
    expect(defineFor({})['import.meta.env.APP_PUBLIC_SENTRY_DSN']).toBe('""');
  });
});
