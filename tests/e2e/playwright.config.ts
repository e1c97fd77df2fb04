import { defineConfig } from '@playwright/test';

const PORT = 3100;
export const STORYBOOK_PORT = 3101;

/** Browser tests against the production build (`npm run build:test`), on Debian's Chromium. */
export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e',
  workers: 1,
  retries: 0,
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
      ],
    },
  },
  webServer: [
    {
      command: `node scripts/serve-static.mjs dist-test ${PORT}`,
      cwd: '../..',
      url: `http://127.0.0.1:${PORT}`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The static Storybook (`npm run build-storybook`): every story is rendered in a real browser.
      command: `node scripts/serve-static.mjs storybook-static ${STORYBOOK_PORT}`,
      cwd: '../..',
      url: `http://127.0.0.1:${STORYBOOK_PORT}/index.json`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
