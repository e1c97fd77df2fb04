import { existsSync } from 'node:fs';

import { defineConfig } from '@playwright/test';

import { REAL_SERVER, REAL_SERVER_PORT } from './realServer';

const PORT = 3100;
export const STORYBOOK_PORT = 3101;

// `npm run test:e2e` builds all three; a spec against the real server alone (after `npm run
// build:e2e`) runs without the static builds, and a spec that needs a missing one fails to connect.
const built = (folder: string) => existsSync(new URL(`../../${folder}/index.html`, import.meta.url));

/** Browser tests against the production build (`npm run build:test`), on Debian's Chromium. */
export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e',
  workers: 1,
  // On CI a failed test runs once more. A test that then passes is reported as flaky, and the test
  // command's summary names it (scripts/test-all.mjs), so it is looked at rather than hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A second host name for the real server (tests/e2e/sameOrigin.spec.ts): another origin, same machine.
        '--host-resolver-rules=MAP timberlog.test 127.0.0.1',
      ],
    },
  },
  webServer: [
    ...(built('dist-test')
      ? [
          {
            command: `node scripts/serve-static.mjs dist-test ${PORT}`,
            cwd: '../..',
            url: `http://127.0.0.1:${PORT}`,
            reuseExistingServer: false,
            timeout: 30_000,
          },
        ]
      : []),
    ...(built('storybook-static')
      ? [
          {
            // The static Storybook (`npm run build-storybook`): every story is rendered in a real browser.
            command: `node scripts/serve-static.mjs storybook-static ${STORYBOOK_PORT}`,
            cwd: '../..',
            url: `http://127.0.0.1:${STORYBOOK_PORT}/index.json`,
            reuseExistingServer: false,
            timeout: 30_000,
          },
        ]
      : []),
    {
      // The real API server on embedded PostgreSQL with demo data, serving the dist-e2e build (auth*.spec.ts).
      command: `node scripts/e2e-server.mjs ${REAL_SERVER_PORT}`,
      cwd: '../..',
      url: `${REAL_SERVER}/api/schema/`,
      reuseExistingServer: false,
      timeout: 120_000,
      // SIGTERM lets it stop PostgreSQL and remove its data folder.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    },
  ],
});
