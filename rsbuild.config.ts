import { rm } from 'node:fs/promises';
import { join } from 'node:path';

import { defineConfig, loadEnv, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

/** Settings the web app reads; every one is defined (empty when unset) so `shared/config` can name what is missing. */
const PUBLIC_KEYS = [
  'APP_PUBLIC_BACKEND_URL',
  'APP_PUBLIC_JWT_PUBLIC_KEY',
  'APP_PUBLIC_SENTRY_DSN',
  'APP_PUBLIC_API_MOCKING',
] as const;

/** Leaves MSW's service worker (copied from public/) out of a build that does not mock the API. */
const withoutMockWorker = (): RsbuildPlugin => ({
  name: 'timberlog:without-mock-worker',
  setup(api) {
    api.onAfterBuild(async () => {
      await rm(join(api.context.distPath, 'mockServiceWorker.js'), { force: true });
    });
  },
});

export default defineConfig(({ envMode }) => {
  // loadEnv leaves variables already in process.env alone, so the environment wins over .env files.
  // Storybook renders with the browser tests' settings (.env.test): its stories need a backend URL and key.
  const mode = process.env.STORYBOOK === 'true' ? 'test' : envMode;
  const { rawPublicVars } = loadEnv({ mode, prefixes: ['APP_PUBLIC_'] });
  const define = Object.fromEntries(
    PUBLIC_KEYS.map((key) => [`import.meta.env.${key}`, JSON.stringify(rawPublicVars[key] ?? '')]),
  );
  // Lets the browser drop translations cached by an older build (see shared/i18n).
  define['import.meta.env.APP_BUILD_ID'] = JSON.stringify(Date.now().toString(36));

  return {
    plugins: [pluginReact(), ...(rawPublicVars.APP_PUBLIC_API_MOCKING === 'true' || process.env.STORYBOOK === 'true' ? [] : [withoutMockWorker()])],
    source: {
      entry: { index: './src/app/index.tsx' },
      define,
    },
    resolve: {
      alias: { '@': './src' },
    },
    html: {
      // Our own template: the default one has no `lang` on <html>.
      template: './index.html',
      title: 'Timberlog',
    },
    output: {
      // Staff use current browsers: target Baseline 2023, so modern syntax ships untranspiled.
      overrideBrowserslist: ['chrome >= 111', 'edge >= 111', 'firefox >= 111', 'safari >= 16.4'],
      distPath: { root: envMode === 'test' ? 'dist-test' : 'dist' },
      cssModules: { namedExport: false },
    },
    server: { port: 3000, strictPort: false },
    performance: {
      chunkSplit: { strategy: 'split-by-experience' },
    },
  };
});
