// The parity test: the MSW handlers against the real server on the same demo data. Its own
// project: Node (no jsdom), no browser setup, and MSW answers through `getResponse` so the real
// server's requests go to the network untouched.
import base from '../../jest.config.mjs';

/** @type {import('jest').Config} */
// eslint-disable-next-line import-x/no-default-export -- Jest reads a config file's default export.
export default {
  rootDir: '../..',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/parity'],
  testMatch: ['**/*.test.ts'],
  transform: base.transform,
  transformIgnorePatterns: base.transformIgnorePatterns,
  moduleNameMapper: base.moduleNameMapper,
  maxWorkers: 1,
  testTimeout: 120_000,
};
