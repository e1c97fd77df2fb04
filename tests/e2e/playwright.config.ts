import { existsSync } from 'node:fs';

import { defineConfig } from '@playwright/test';

import { e2ePort, REAL_SERVER, REAL_SERVER_PORT, SHORT_TOKEN_SERVER, SHORT_TOKEN_SERVER_PORT, SHORT_TOKEN_TTL_SECONDS } from './realServer';

const PORT = e2ePort(3100);

/**
 * Debian's Chromium headless shell (`apt-get install chromium-headless-shell`), what Playwright's
 * own headless runs use: the same Chromium without the full browser's window machinery. Measured
 * on 200 stories, side by side with the full browser (`/usr/bin/chromium`, used when the shell is
 * not installed): 101–106 CPU seconds against 126–128. CHROMIUM_BIN picks another.
 */
const CHROMIUM =
  process.env.CHROMIUM_BIN || (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
export const STORYBOOK_PORT = e2ePort(3101);

// `npm run test:e2e` builds both: the app once (dist-e2e, calling the API on its own origin, as
// `npm start` builds it), served by the real server and, with its API answered by the tests
// (shell.spec.ts), by a static server; and the Storybook. A spec that needs a missing one fails to connect.
const built = (folder: string) => existsSync(new URL(`../../${folder}/index.html`, import.meta.url));

/** Browser tests against the production build (`npm run build:e2e`), on Debian's Chromium. */
export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e',
  // Two at once: the spec files' tests against the real servers each work on records of their own,
  // and the Storybook walk is split in two (storybook.spec.ts). PLAYWRIGHT_WORKERS overrides it.
  workers: Number(process.env.PLAYWRIGHT_WORKERS || 2),
  // No retries: a test that passes only when run again is a defect to mend, not a pass.
  retries: 0,
  // A whole test's limit, there to stop one that hangs: on a busy 2-core CI machine one of the longest
  // flows (a dozen pages and forms, 11 s alone) ran past 30 s. Each expectation keeps its own 5 s.
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: CHROMIUM,
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
    ...(built('dist-e2e')
      ? [
          {
            command: `node scripts/serve-static.mjs dist-e2e ${PORT}`,
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
    {
      // The same with access tokens that expire in seconds, for the tests that wait one out (auth.spec.ts).
      command: `node scripts/e2e-server.mjs ${SHORT_TOKEN_SERVER_PORT} ${SHORT_TOKEN_TTL_SECONDS}`,
      cwd: '../..',
      url: `${SHORT_TOKEN_SERVER}/api/schema/`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    },
  ],
});
