import { webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// The same settings as the browser tests' build (.env.test), so config validation runs for real.
const envFile = readFileSync(resolve(__dirname, '../../.env.test'), 'utf8');
for (const line of envFile.split('\n')) {
  const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
  if (!match) continue;
  const [, key = '', raw = ''] = match;
  const value = raw.replace(/^"(.*)"$/s, '$1').replace(/\\n/g, '\n');
  process.env[key] ??= value;
}
process.env.MODE = 'test';

// jsdom has no WebCrypto `subtle`; jose (token verification) needs it, as browsers provide it.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}
