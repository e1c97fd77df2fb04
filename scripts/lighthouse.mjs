// Lighthouse scores of the served product: /auth/login and a signed-in /waybills, mobile (the
// default: a mid-range phone on a slow 4G link, simulated) and desktop. Starts the real server on
// embedded PostgreSQL with demo data (scripts/e2e-server.mjs) serving the dist-e2e build, signs in
// through the sign-in form, and prints each page's performance and accessibility scores with
// LCP, TBT, CLS and the bytes moved. Prints figures; asserts nothing.
//   npm run build:e2e && npm run lighthouse
// Chromium: /usr/bin/chromium, or CHROME_PATH.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = resolve(import.meta.dirname, '..');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3670);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DEMO_USER = { email: 'user@timberlog.ee', password: 'Palgivedu-2026' };

if (!existsSync(resolve(root, 'dist-e2e/index.html'))) {
  console.error('No dist-e2e build: run `npm run build:e2e` first.');
  process.exit(1);
}

const server = spawn(process.execPath, ['scripts/e2e-server.mjs', String(PORT)], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const stopServer = () =>
  new Promise((done) => {
    if (server.exitCode !== null) return done(undefined);
    server.once('exit', done);
    server.kill('SIGTERM');
  });

async function untilUp() {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${ORIGIN}/api/schema/`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`the server did not answer at ${ORIGIN}`);
}

const score = (value) => (typeof value === 'number' ? value.toFixed(2) : ' n/a');
const ms = (value) => `${Math.round(value ?? 0)} ms`;
const kb = (bytes) => `${((bytes ?? 0) / 1024).toFixed(1)} kB`;

async function measure(page, url, label, formFactor) {
  // A first visit's bytes: the HTTP cache is emptied, the stored session (localStorage) stays.
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true };
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined, page);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) console.log(`${label} ${formFactor}: ${runtimeError.code} ${runtimeError.message}`);
  const row = {
    page: label,
    form: formFactor,
    performance: categories.performance.score,
    accessibility: categories.accessibility.score,
    LCP: ms(audits['largest-contentful-paint'].numericValue),
    TBT: ms(audits['total-blocking-time'].numericValue),
    CLS: (audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3),
    transferred: kb(audits['total-byte-weight'].numericValue),
  };
  console.log(
    `${row.page.padEnd(18)} ${row.form.padEnd(8)} performance ${score(row.performance)}  accessibility ${score(row.accessibility)}  ` +
      `LCP ${row.LCP.padStart(7)}  TBT ${row.TBT.padStart(6)}  CLS ${row.CLS}  moved ${row.transferred}`,
  );
  return row;
}

let browser;
try {
  await untilUp();
  browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage();
  console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} on ${CHROME}, ${ORIGIN}`);
  for (const formFactor of ['mobile', 'desktop']) await measure(page, `${ORIGIN}/auth/login`, '/auth/login', formFactor);

  // Signed in through the form, as a user would; the stored session stays for the next page.
  await page.goto(`${ORIGIN}/auth/login`, { waitUntil: 'networkidle0' });
  await page.type('input[autocomplete="username"]', DEMO_USER.email);
  await page.type('input[autocomplete="current-password"]', DEMO_USER.password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => undefined), page.click('button[type="submit"]')]);
  for (const formFactor of ['mobile', 'desktop']) await measure(page, `${ORIGIN}/waybills`, '/waybills (in)', formFactor);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await stopServer();
}
