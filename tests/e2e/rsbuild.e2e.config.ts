import { defineConfig, mergeRsbuildConfig } from '@rsbuild/core';

import baseConfig from '../../rsbuild.config';

/**
 * The production build for the browser tests against the real server (scripts/e2e-server.mjs):
 * the test settings, with the backend at that server, in dist-e2e.
 */
export default defineConfig((env) => {
  const base = typeof baseConfig === 'function' ? baseConfig(env) : baseConfig;
  return mergeRsbuildConfig(base, { output: { distPath: { root: 'dist-e2e' } } });
});
