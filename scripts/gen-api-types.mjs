// Generates the web app's API types from the server's OpenAPI document (server/openapi.json).
//   node scripts/gen-api-types.mjs          writes src/shared/api/generated/openapi.ts
//   node scripts/gen-api-types.mjs --check  regenerates into a temporary file and fails when the committed one differs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const SOURCE = resolve('server/openapi.json');
const TARGET = resolve('src/shared/api/generated/openapi.ts');
const HEADER = '// Generated from server/openapi.json by `npm run api:types`. Do not edit: change the server and regenerate.\n';

const generate = (outFile) => {
  execFileSync(process.execPath, [resolve('node_modules/openapi-typescript/bin/cli.js'), SOURCE, '--output', outFile, '--immutable'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  writeFileSync(outFile, HEADER + readFileSync(outFile, 'utf8'));
};

if (process.argv.includes('--check')) {
  const dir = mkdtempSync(join(tmpdir(), 'api-types-'));
  try {
    const fresh = join(dir, 'openapi.ts');
    generate(fresh);
    const committed = existsSync(TARGET) ? readFileSync(TARGET, 'utf8') : '';
    if (committed !== readFileSync(fresh, 'utf8')) {
      console.error('src/shared/api/generated/openapi.ts is stale: run `npm run api:types` and commit the result.');
      process.exit(1);
    }
    console.log('API types are up to date with server/openapi.json.');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  generate(TARGET);
  console.log(`Wrote ${TARGET}`);
}
