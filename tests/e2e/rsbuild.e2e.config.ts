import { defineConfig, mergeRsbuildConfig } from '@rsbuild/core';

import baseConfig from '../../rsbuild.config';

/**
 * The production build for the browser tests against the real server (scripts/e2e-server.mjs):
 * the test settings, calling the API on the origin the page was loaded from (`APP_PUBLIC_BACKEND_URL=/`,
 * as `npm start` builds it), in dist-e2e.
 */
export default defineConfig((env) => {
  const base = typeof baseConfig === 'function' ? baseConfig(env) : baseConfig;
  return mergeRsbuildConfig(base, { output: { distPath: { root: 'dist-e2e' } } });
});
