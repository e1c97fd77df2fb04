// Prints the gzip size of the JavaScript and CSS the first page loads (what index.html references),
// the total of everything built, and what a signed-in /waybills loads in all (headless Chromium at
// /usr/bin/chromium, or CHROMIUM_PATH). Usage: node scripts/size.mjs [dist folder]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = resolve(process.argv[2] ?? 'dist');
const BUDGET_KB = 130;
const html = readFileSync(join(dir, 'index.html'), 'utf8');
const gzipKb = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;
const fmt = (kb) => `${kb.toFixed(1).padStart(7)} kB`;

const initial = [...html.matchAll(/(?:src|href)="([^"]+\.(js|css))"/g)].map(([, path, kind]) => ({
  path,
  kind,
  kb: gzipKb(join(dir, path)),
}));

const walk = (folder) =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
const everything = walk(dir).filter((file) => /\.(js|css)$/.test(file));

const sum = (items) => items.reduce((total, item) => total + item.kb, 0);
const js = sum(initial.filter((file) => file.kind === 'js'));
const css = sum(initial.filter((file) => file.kind === 'css'));
const all = everything.reduce((total, file) => total + gzipKb(file), 0);

console.log('First page (gzip):');
for (const file of initial) console.log(`  ${fmt(file.kb)}  ${file.path}`);
console.log(`JavaScript, first page: ${fmt(js)}  (budget ${BUDGET_KB} kB)`);
console.log(`CSS, first page:        ${fmt(css)}`);
console.log(`First page total:       ${fmt(js + css)}`);
console.log(`All built JS and CSS:   ${fmt(all)}  (${everything.length} files, most loaded per route or on demand)`);

// What a signed-in user's browser loads in all for the waybill list, after the network is idle:
// the first page's files plus every chunk the session, the shell and the list pull in. The built
// app runs in headless Chromium with the files served from the dist folder and a test session
// (the test build verifies tokens with the test key pair's public half); API calls get empty lists,
// as the code loaded does not depend on the rows.
const SIGNED_IN_BUDGET_KB = 250;
const ORIGIN = 'http://size.timberlog.test';
const API = /^https?:\/\/[^/]+\/api\//;

async function signedInWaybills() {
  const { chromium } = await import('playwright');
  const { importPKCS8, SignJWT } = await import('jose');
  const root = resolve(import.meta.dirname, '..');
  const key = await importPKCS8(readFileSync(join(root, 'tests/fixtures/jwt-test-private.pem'), 'utf8'), 'RS256');
  const now = Math.floor(Date.now() / 1000);
  const email = 'mari.maasikas@example.com';
  const token = await new SignJWT({ token_type: 'access', user_id: email, is_staff: false })
    .setProtectedHeader({ alg: 'RS256' })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .setJti(`size-${now}`)
    .sign(key);

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const loaded = new Map();
  try {
    const page = await browser.newPage();
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (API.test(url.href)) {
        if (url.pathname.startsWith('/api/user/me')) {
          const stamp = '2026-01-05T08:00:00Z';
          return route.fulfill({ json: { email, name: 'Mari Maasikas', isActive: true, isStaff: false, dateJoined: stamp, lastLogin: null, createdAt: stamp, lastModifiedAt: stamp } });
        }
        return route.fulfill({ json: { count: 0, next: null, previous: null, results: [] } });
      }
      if (url.origin !== ORIGIN) return route.abort();
      const file = join(dir, url.pathname);
      const isFile = file.startsWith(dir) && statSync(file, { throwIfNoEntry: false })?.isFile();
      if (!isFile && /\.\w+$/.test(url.pathname)) return route.fulfill({ status: 404 });
      const path = isFile ? file : join(dir, 'index.html');
      if (path.endsWith('.js')) loaded.set(url.pathname, gzipKb(path));
      const type = path.endsWith('.js') ? 'text/javascript' : path.endsWith('.css') ? 'text/css' : path.endsWith('.json') ? 'application/json' : 'text/html';
      return route.fulfill({ body: readFileSync(path), contentType: type });
    });
    await page.addInitScript((accessToken) => {
      if (sessionStorage.getItem('size-session-seeded')) return;
      sessionStorage.setItem('size-session-seeded', '1');
      const saved = JSON.parse(localStorage.getItem('persist:timberlog') ?? '{}');
      saved.session = JSON.stringify({ accessToken, refreshToken: null, sessionExpired: false, sessionInitialized: true });
      saved._persist ??= JSON.stringify({ version: -1, rehydrated: true });
      localStorage.setItem('persist:timberlog', JSON.stringify(saved));
    }, token);
    await page.goto(`${ORIGIN}/waybills`, { waitUntil: 'networkidle' });
    await page.getByRole('table', { name: 'Waybills' }).waitFor();
    await page.waitForLoadState('networkidle');
  } finally {
    await browser.close();
  }
  return [...loaded.values()].reduce((total, kb) => total + kb, 0);
}

// Over a budget, or not measurable, is a failure: `npm test` runs this after the browser tests' build.
const over = [];
if (js > BUDGET_KB) over.push(`first page ${js.toFixed(1)} kB > ${BUDGET_KB} kB`);
try {
  const kb = await signedInWaybills();
  console.log(`JavaScript, signed-in /waybills after network idle: ${fmt(kb)}  (budget ${SIGNED_IN_BUDGET_KB} kB)`);
  if (kb > SIGNED_IN_BUDGET_KB) over.push(`signed-in /waybills ${kb.toFixed(1)} kB > ${SIGNED_IN_BUDGET_KB} kB`);
} catch (error) {
  console.log(`JavaScript, signed-in /waybills: not measured (${error instanceof Error ? error.message.split('\n')[0] : error})`);
  over.push('signed-in /waybills not measured');
}
// A build that does not mock the API ships without MSW's service worker.
if (readdirSync(dir).includes('mockServiceWorker.js')) over.push('mockServiceWorker.js is in the build');
if (over.length > 0) {
  console.error(`Size budget exceeded: ${over.join('; ')}`);
  process.exit(1);
}
