import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../src/infra/config.js';
import { startupBanner } from '../src/dev/demo.js';

/** The demo (whose staff password the README publishes) answers this computer only, unless HOST says otherwise. */
const withEnv = <T>(env: Record<string, string | undefined>, fn: () => T): T => {
  const saved = { ...process.env };
  try {
    for (const [name, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    return fn();
  } finally {
    process.env = saved;
  }
};

test('demo mode listens on 127.0.0.1 unless HOST is set, and says so at start', () => {
  const demo = withEnv({ HOST: undefined, NODE_ENV: undefined, DATABASE_URL: undefined }, () => loadConfig());
  assert.equal(demo.demoMode, true);
  assert.equal(demo.host, '127.0.0.1');
  const banner = startupBanner('demo', 'http://localhost:8080', '/data', demo.host);
  assert.match(banner, /Listening: 127\.0\.0\.1 only \(this computer\)\. Set HOST=0\.0\.0\.0/);

  const opened = withEnv({ HOST: '0.0.0.0', NODE_ENV: undefined, DATABASE_URL: undefined }, () => loadConfig());
  assert.equal(opened.host, '0.0.0.0');
  assert.match(startupBanner('demo', 'http://localhost:8080', '/data', opened.host), /Listening: every interface \(HOST=0\.0\.0\.0\)/);

  // A production start is reached through its proxy or load balancer: every interface by default.
  const production = withEnv({ HOST: undefined, NODE_ENV: 'production', DATABASE_URL: undefined }, () => loadConfig());
  assert.equal(production.host, '0.0.0.0');
  const withDatabase = withEnv({ HOST: undefined, NODE_ENV: undefined, DATABASE_URL: 'postgres://db/timberlog' }, () => loadConfig());
  assert.equal(withDatabase.host, '0.0.0.0');
});
