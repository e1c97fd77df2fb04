// Lighthouse scores of the served product: /auth/login, a signed-in /waybills and home page, mobile (the
// default: a mid-range phone on a slow 4G link, simulated) and desktop. Starts the real server on
// embedded PostgreSQL with demo data (scripts/e2e-server.mjs) serving the dist-e2e build, signs in
// through the sign-in form, and prints each page's performance and accessibility scores with
// LCP, TBT, CLS and the bytes moved. Prints figures; asserts nothing.
//   npm run build:e2e && npm run lighthouse [-- --runs=3] [--out=folder]
// --runs=N measures each page and form factor N times and prints every run and their median (the
// machine is shared: one run can be off by a tenth); --out=folder keeps each run's Lighthouse report
// (JSON) to see what it names: the LCP element and its phases, long tasks, unused JavaScript;
// --pages=login,waybills,home measures only those pages.
// Chromium: /usr/bin/chromium, or CHROME_PATH.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = resolve(import.meta.dirname, '..');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3670);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DEMO_USER = { email: 'user@timberlog.ee', password: 'Palgivedu-2026' };
const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const RUNS = Math.max(1, Number(option('runs') ?? 1));
const OUT = option('out') ? resolve(option('out')) : null;
const PAGES = (option('pages') ?? 'login,waybills,home').split(',');
if (OUT) mkdirSync(OUT, { recursive: true });

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

const print = (row) =>
  console.log(
    `${row.page.padEnd(18)} ${row.form.padEnd(8)} performance ${score(row.performance)}  accessibility ${score(row.accessibility)}  ` +
      `LCP ${ms(row.LCP).padStart(7)}  TBT ${ms(row.TBT).padStart(6)}  CLS ${(row.CLS ?? 0).toFixed(3)}  moved ${kb(row.bytes)}`,
  );

let reportCount = 0;

async function lighthouseRun(page, url, formFactor) {
  // A first visit's bytes: the HTTP cache is emptied, the stored session (localStorage) stays.
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true };
  return (await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined, page)).lhr;
}

async function measure(page, url, label, formFactor) {
  let lhr = await lighthouseRun(page, url, formFactor);
  // Lighthouse now and then fails to record the trace (NO_NAVSTART): one more try.
  if (lhr.runtimeError) {
    console.log(`${label} ${formFactor}: ${lhr.runtimeError.code}, measuring again`);
    lhr = await lighthouseRun(page, url, formFactor);
  }
  const { categories, audits, runtimeError } = lhr;
  if (runtimeError) console.log(`${label} ${formFactor}: ${runtimeError.code} ${runtimeError.message}`);
  if (OUT) {
    reportCount += 1;
    writeFileSync(
      join(OUT, `${String(reportCount).padStart(2, '0')}-${label.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${formFactor}.json`),
      JSON.stringify(lhr),
    );
  }
  // A failed run's figures are left out of the medians.
  const figure = (audit) => (runtimeError ? null : (audits[audit].numericValue ?? null));
  const row = {
    page: label,
    form: formFactor,
    performance: categories.performance.score,
    accessibility: categories.accessibility.score,
    LCP: figure('largest-contentful-paint'),
    TBT: figure('total-blocking-time'),
    CLS: figure('cumulative-layout-shift'),
    bytes: figure('total-byte-weight'),
  };
  print(row);
  return row;
}

const median = (values) => {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Each figure's median over the runs of one page and form factor. */
const medianRow = (rows) => ({
  page: rows[0].page,
  form: rows[0].form,
  ...Object.fromEntries(
    ['performance', 'accessibility', 'LCP', 'TBT', 'CLS', 'bytes'].map((key) => [key, median(rows.map((row) => row[key]))]),
  ),
});

let browser;
try {
  await untilUp();
  browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage();
  console.log(
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} on ${CHROME}, ${ORIGIN}${RUNS > 1 ? `, ${RUNS} runs` : ''}`,
  );
  const rows = [];
  for (let run = 0; PAGES.includes('login') && run < RUNS; run += 1) {
    for (const formFactor of ['mobile', 'desktop']) rows.push(await measure(page, `${ORIGIN}/auth/login`, '/auth/login', formFactor));
  }

  // Signed in through the form, as a user would; the stored session stays for the next page.
  await page.goto(`${ORIGIN}/auth/login`, { waitUntil: 'networkidle0' });
  await page.type('input[autocomplete="username"]', DEMO_USER.email);
  await page.type('input[autocomplete="current-password"]', DEMO_USER.password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => undefined), page.click('button[type="submit"]')]);
  for (let run = 0; PAGES.includes('waybills') && run < RUNS; run += 1) {
    for (const formFactor of ['mobile', 'desktop']) rows.push(await measure(page, `${ORIGIN}/waybills`, '/waybills (in)', formFactor));
  }
  // The home page: its counts and its charts.
  for (let run = 0; PAGES.includes('home') && run < RUNS; run += 1) {
    for (const formFactor of ['mobile', 'desktop']) rows.push(await measure(page, `${ORIGIN}/`, '/ (in)', formFactor));
  }
  if (RUNS > 1) {
    console.log(`Median of ${RUNS} runs:`);
    for (const label of ['/auth/login', '/waybills (in)', '/ (in)']) {
      for (const formFactor of ['mobile', 'desktop']) {
        const runs = rows.filter((row) => row.page === label && row.form === formFactor);
        if (runs.length > 0) print(medianRow(runs));
      }
    }
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await stopServer();
}
