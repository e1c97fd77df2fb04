/** @type {import('jest').Config} */
const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    target: 'es2022',
    transform: {
      react: { runtime: 'automatic' },
      // Rsbuild inlines import.meta.env at build time; under Jest the same values come from process.env.
      optimizer: { globals: { vars: { 'import.meta.env': 'process.env' } } },
    },
  },
  module: { type: 'commonjs' },
};

export default {
  testEnvironment: 'jest-fixed-jsdom',
  roots: ['<rootDir>/src', '<rootDir>/tests/jest', '<rootDir>/packages/contract'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '^.+\\.(t|j)sx?$|^.+\\.mjs$': ['@swc/jest', swcOptions] },
  // These packages ship ESM only.
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft|jose|storybook|@storybook|msw-storybook-addon)/)'],
  moduleNameMapper: {
    '\\.css$': 'identity-obj-proxy',
    '^@/(.*)$': '<rootDir>/src/$1',
  },
  setupFiles: ['<rootDir>/tests/jest/env.ts'],
  setupFilesAfterEnv: ['<rootDir>/tests/jest/setup.ts'],
  maxWorkers: 2,
  // Above Testing Library's wait (tests/jest/setup.ts), so a test that waits too long says for what.
  testTimeout: 30000,
};
