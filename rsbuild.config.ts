import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

import { defineConfig, loadEnv, logger, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

import { pluginRoutePreload } from './build/routePreload.ts';

/** Settings the web app reads; every one is defined (empty when unset) so `shared/config` can name what is missing. */
const PUBLIC_KEYS = ['APP_PUBLIC_BACKEND_URL', 'APP_PUBLIC_JWT_PUBLIC_KEY', 'APP_PUBLIC_SENTRY_DSN', 'APP_PUBLIC_API_MOCKING'] as const;

/** Leaves MSW's service worker (copied from public/) out of a build that does not mock the API. */
const withoutMockWorker = (): RsbuildPlugin => ({
  name: 'timberlog:without-mock-worker',
  setup(api) {
    api.onAfterBuild(async () => {
      await fs.rm(path.join(api.context.distPath, 'mockServiceWorker.js'), { force: true });
    });
  },
});

/**
 * Marks the scripts a page runs as it loads, the entry's chunks and each page's chunks (which
 * index.html preloads; see build/routePreload.ts), with V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad`): Chromium then compiles their functions eagerly while the file
 * streams in, on a background thread, instead of one by one on the main thread as each is first
 * called, which is most of the work of the app's start. Other browsers read it as a comment.
 */
const pluginCompileHints = (): RsbuildPlugin => ({
  name: 'timberlog:compile-hints',
  setup(api) {
    api.processAssets({ stage: 'optimize-inline' }, ({ compilation, sources }) => {
      const groups = [
        ...compilation.entrypoints.values(),
        ...[...compilation.namedChunkGroups].filter(([name]) => name.startsWith('page-')).map(([, group]) => group),
      ];
      const files = new Set(groups.flatMap((group) => group.getFiles()).filter((file) => file.endsWith('.js')));
      for (const file of files) {
        compilation.updateAsset(file, (old) => new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', old));
      }
    });
  },
});

/** Text formats worth compressing (images and fonts of the build are compressed formats already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of a build, at
 * the highest levels (paid once here, not per request); the server sends them by Accept-Encoding.
 * A copy that would not be smaller is not written.
 */
function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'timberlog:precompress',
    setup(api) {
      api.onAfterBuild(async ({ environments, stats }) => {
        if (stats?.hasErrors()) return;
        for (const { distPath } of Object.values(environments)) {
          const files = (await fs.readdir(distPath, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
          const totals = { raw: 0, gzip: 0, br: 0 };
          await Promise.all(
            files.map(async (file) => {
              const full = path.join(distPath, file);
              const raw = await fs.readFile(full);
              const [br, gz] = await Promise.all([
                brotli(raw, {
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                  },
                }),
                gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
              ]);
              totals.raw += raw.length;
              if (br.length < raw.length) await fs.writeFile(`${full}.br`, br);
              if (gz.length < raw.length) await fs.writeFile(`${full}.gz`, gz);
              totals.br += Math.min(br.length, raw.length);
              totals.gzip += Math.min(gz.length, raw.length);
            }),
          );
          const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
          logger.info(`precompressed ${files.length} files: ${kb(totals.raw)}, gzip ${kb(totals.gzip)}, br ${kb(totals.br)}`);
        }
      });
    },
  };
}

export default defineConfig(({ envMode, env }) => {
  // loadEnv leaves variables already in process.env alone, so the environment wins over .env files.
  // Storybook renders with the browser tests' settings (.env.test): its stories need a backend URL and key.
  const mode = process.env.STORYBOOK === 'true' ? 'test' : envMode;
  const { rawPublicVars } = loadEnv({ mode, prefixes: ['APP_PUBLIC_'] });
  const define = Object.fromEntries(PUBLIC_KEYS.map((key) => [`import.meta.env.${key}`, JSON.stringify(rawPublicVars[key] ?? '')]));
  // Lets the browser drop translations cached by an older build (see shared/i18n).
  const buildId = Date.now().toString(36);
  define['import.meta.env.APP_BUILD_ID'] = JSON.stringify(buildId);

  return {
    // Storybook reuses this file: its build keeps the mock worker and is not served by our server.
    // The mock worker goes first, so no compressed copy of it is written.
    plugins: [
      pluginReact(),
      ...(process.env.STORYBOOK === 'true'
        ? []
        : [
            ...(rawPublicVars.APP_PUBLIC_API_MOCKING === 'true' ? [] : [withoutMockWorker()]),
            pluginCompileHints(),
            pluginRoutePreload({ buildId }),
            pluginPrecompress(),
          ]),
    ],
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
      // A production class is its hash alone: the local name was written twice in every class (in the
      // CSS and in the JavaScript's map of classes), in every chunk, and only helps when reading the
      // DOM, which development builds keep readable.
      cssModules: { namedExport: false, ...(env === 'production' ? { localIdentName: '[hash:base64:6]' } : {}) },
    },
    server: { port: 3000, strictPort: false },
    performance: {
      chunkSplit: {
        strategy: 'split-by-experience',
        override: {
          cacheGroups: {
            // The account's API is used by several lazy chunks (the list pages, the live updates,
            // the exports panel): one chunk of its own instead of a copy in each, which a signed-in
            // /waybills loaded three times (1.3 kB gzip). A rule for every module shared by three
            // lazy chunks was measured too: it made the sign-in page and /waybills load more.
            accountApi: {
              test: /src[\\/]entities[\\/]user[\\/](api[\\/]userApi|model[\\/]useCurrentUser)\.ts$/,
              chunks: 'async',
              minSize: 0,
              name: 'entity-user',
              priority: 20,
            },
            // The api layer's small helpers (how an error reads, If-Match, cache tags, the API's
            // address) are below the size at which a shared chunk is made, so each lazy chunk had
            // its own copy: a signed-in /waybills loaded the error reader four times. One chunk for
            // the signed-in screens; the sign-in pages keep their copy, one file fewer before sign-in.
            sharedApi: {
              test: /src[\\/](shared[\\/]api[\\/](apiError|versions|cacheTags|backendUrl)|shared[\\/]model[\\/]exportActions|features[\\/]live-updates[\\/]model[\\/]liveState)\.ts$/,
              chunks: (chunk) => !chunk.name?.startsWith('page-auth-'),
              minSize: 0,
              name: 'shared-api',
              priority: 20,
            },
          },
        },
      },
    },
  };
});
