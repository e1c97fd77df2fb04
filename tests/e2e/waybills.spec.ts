import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test, type Download, type Locator, type Page, expectApiErrors, SHOTS, shoot } from './fixtures';
import { seriousViolations } from './axe';
import ExcelJS from 'exceljs';

import { ownAccount, REAL_SERVER, realApi } from './realServer';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

// Waybill and worklog screens against the real server (scripts/e2e-server.mjs) on its demo data:
// 2,000 waybills dated 2026-05-24 … 2026-11-20, 5,000 worklogs. Each test makes or looks up the
// data it needs (counts are asked of the API, a waybill to delete is made first), so any test runs
// alone or in any order.
test.use({ baseURL: REAL_SERVER });
// A deleted waybill's address opened again: the page says it is gone.
test.use({ expectedApiErrors: expectApiErrors({ status: 404, request: /^GET \/api\/waybills\/[^/?]+\/(history\/)?(\?.*)?$/ }) });

const DEMO_USER = DEMO_USERS.user;

const signIn = async (page: Page, who: { email: string; password: string } = DEMO_USER) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
};

const waybillTable = (page: Page) => page.getByRole('table', { name: 'Waybills' });

/** Waits until the list has loaded (no skeleton, not refreshing) and gives its waybill numbers in order. */
const listedNumbers = async (page: Page): Promise<string[]> => {
  const table = waybillTable(page);
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  return table.locator('tbody tr td a[href^="/waybills/"]').allTextContents();
};

/** The list's count as the page states it ("41 waybills"), once the list has loaded. */
const listedCount = async (page: Page, noun: 'waybill' | 'worklog' = 'waybill'): Promise<number> => {
  await expect(page.getByRole('table', { name: noun === 'waybill' ? 'Waybills' : 'Worklogs' })).not.toHaveAttribute('aria-busy', 'true');
  const status = page.getByRole('status').filter({ hasText: new RegExp(`\\d ${noun}s?$`) });
  await expect(status).toBeVisible();
  return Number((await status.textContent())?.replace(/\D/g, ''));
};

const pickStatuses = async (page: Page, labels: readonly string[]) => {
  await page.getByRole('combobox', { name: 'Status' }).click();
  for (const label of labels) await page.getByRole('option', { name: label }).click();
  await page.keyboard.press('Escape');
};

const setTransportDates = async (page: Page, from: string, to: string) => {
  await page.getByLabel('Transport date: From').fill(from);
  // The range writes both ends from what it last rendered: the 'to' date waits for the 'from' to show.
  await expect(page.getByRole('list', { name: 'Active filters' }).getByText(/^Transport date from /)).toBeVisible();
  await page.getByLabel('Transport date: To').fill(to);
};

/** The cells of one column (by its header's text) in the rows shown. */
const columnTexts = async (table: Locator, header: string): Promise<string[]> => {
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.findIndex((text) => text.startsWith(header));
  expect(index).toBeGreaterThanOrEqual(0);
  // As shown: a cell's label (for phone cards) is hidden on a wide screen.
  return (await table.locator(`tbody tr td:nth-child(${index + 1})`).allInnerTexts()).map((text) => text.trim());
};

test('filter by two statuses and a transport date range; a reload shows the same rows', async ({ page, request }) => {
  const api = await realApi(request, DEMO_USER);
  await signIn(page);
  await page.goto('/waybills');
  await listedNumbers(page);
  await pickStatuses(page, ['Draft', 'Confirmed']);
  await setTransportDates(page, '2026-09-01', '2026-10-31');
  await expect(page).toHaveURL(/transportDateBefore=2026-10-31/);

  const url = new URL(page.url());
  expect(url.searchParams.getAll('statusIn').sort()).toEqual(['confirmed', 'draft']);
  expect(url.searchParams.get('transportDateAfter')).toBe('2026-09-01');
  const { count } = await api.get<{ count: number }>(
    '/api/waybills/?statusIn=draft&statusIn=confirmed&transportDateAfter=2026-09-01&transportDateBefore=2026-10-31&pageSize=1',
  );
  expect(count).toBeGreaterThan(25);
  await expect.poll(() => listedCount(page)).toBe(count);
  const rows = await listedNumbers(page);
  expect(rows).toHaveLength(25);
  for (const status of await columnTexts(waybillTable(page), 'Status')) expect(['Draft', 'Confirmed']).toContain(status);
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByText('Status: Draft')).toBeVisible();
  await expect(chips.getByText(/^Transport date from /)).toBeVisible();

  await page.reload();
  await expect.poll(() => listedNumbers(page)).toEqual(rows);
  expect(await listedCount(page)).toBe(count);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText(/Draft.*Confirmed|Confirmed.*Draft/);
  await expect(page.getByLabel('Transport date: From')).toHaveValue('2026-09-01');
});

test('back and forward step through three views exactly', async ({ page }) => {
  await signIn(page);
  await page.goto('/waybills');
  const first = await listedNumbers(page);
  // The router renders a new URL in a transition, so the rows are polled until they show it.
  const rowsShown = () => expect.poll(() => listedNumbers(page));

  await pickStatuses(page, ['Delivered']);
  await expect(page).toHaveURL(/statusIn=delivered/);
  await rowsShown().not.toEqual(first);
  const second = await listedNumbers(page);
  for (const status of await columnTexts(waybillTable(page), 'Status')) expect(status).toBe('Delivered');

  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/pageNumber=2/);
  await rowsShown().not.toEqual(second);
  const third = await listedNumbers(page);

  await page.goBack();
  await expect(page).not.toHaveURL(/pageNumber=2/);
  await rowsShown().toEqual(second);
  await page.goBack();
  await expect(page).not.toHaveURL(/statusIn/);
  await rowsShown().toEqual(first);
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  await page.goForward();
  await expect(page).toHaveURL(/statusIn=delivered/);
  await rowsShown().toEqual(second);
  await page.goForward();
  await expect(page).toHaveURL(/pageNumber=2/);
  await rowsShown().toEqual(third);
});

test('sorting by a column orders the rows by it, ascending then descending', async ({ page }) => {
  await signIn(page);
  await page.goto('/waybills');
  await listedNumbers(page);
  const table = waybillTable(page);
  // Quantity is one of the default columns; every load is under 100, so its figure reads as one number.
  const header = table.getByRole('columnheader', { name: /^Quantity/ });
  const amounts = async () => (await columnTexts(table, 'Quantity')).map((text) => Number(text.replace(/[^\d.,]/g, '').replace(',', '.')));

  await header.getByRole('button').click();
  await expect(page).toHaveURL(/sort=quantity/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await listedNumbers(page);
  const ascending = await amounts();
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await header.getByRole('button').click();
  await expect(page).toHaveURL(/sort=-quantity/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await listedNumbers(page);
  const descending = await amounts();
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  expect(descending[0]).toBeGreaterThan(ascending[0] ?? 0);
});

test('keyboard only: from the search box to an open waybill', async ({ page }) => {
  await signIn(page);
  await page.goto('/waybills');
  await listedNumbers(page);
  await page.getByRole('searchbox', { name: 'Search' }).focus();
  await page.keyboard.type('W-2026-00012');
  await expect(page).toHaveURL(/search=W-2026-00012/);
  // The router renders the new URL in a transition: poll until the rows are the search's.
  await expect
    .poll(async () => {
      const shown = await listedNumbers(page);
      return shown.length > 1 && shown.every((number) => number.startsWith('W-2026-00012'));
    })
    .toBe(true);
  const rows = await listedNumbers(page);

  // Tab on until the table's rows (one Tab stop) have the focus.
  for (let presses = 0; presses < 80; presses += 1) {
    if (await page.evaluate(() => document.activeElement?.tagName === 'TR')) break;
    await page.keyboard.press('Tab');
  }
  const focusedRow = page.locator('tbody tr:focus');
  await expect(focusedRow).toContainText(rows[0] ?? '');
  await page.keyboard.press('ArrowDown');
  await expect(focusedRow).toContainText(rows[1] ?? '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/waybills/${rows[1]}`);
  await expect(page.getByRole('heading', { level: 1, name: `Waybill ${rows[1]}` })).toBeVisible();
});

/** Picks the first option a reference picker offers for `text`. */
const pick = async (page: Page, label: string, text: string) => {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.fill(text);
  await page.getByRole('listbox', { name: label, exact: true }).getByRole('option').first().click();
};

test('create a waybill: a bad value shows on its field with nothing lost; fixed, saved, confirmed, delivered', async ({ page }) => {
  await signIn(page);
  await page.goto('/waybills');
  await page.getByRole('link', { name: 'New waybill' }).click();
  await expect(page).toHaveURL('/waybills/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New waybill' })).toBeVisible();

  await page.getByLabel('Transport date').fill('2026-11-23');
  await pick(page, 'Origin', 'SOM');
  await pick(page, 'Destination', 'JOH');
  // Choosing the destination fills its company, as the server would.
  await expect(page.getByRole('button', { name: /^Remove / }).nth(2)).toBeVisible();
  await pick(page, 'Assortment', 'KP');
  await page.getByLabel('Driver', { exact: true }).fill('Kalev Kask');
  await page.getByLabel('Vehicle').fill('123 ABC');
  await page.getByLabel('Mileage').fill('99999999');
  await page.getByLabel('Quantity').fill('12.5');
  await page.getByLabel('Notes').fill('Browser test load');
  await page.getByRole('button', { name: 'Create waybill' }).click();

  const mileage = page.getByLabel('Mileage');
  await expect(mileage).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Enter a number from/)).toBeVisible();
  await expect(page).toHaveURL('/waybills/new');
  // Nothing typed was lost.
  await expect(page.getByLabel('Driver', { exact: true })).toHaveValue('Kalev Kask');
  await expect(page.getByLabel('Vehicle')).toHaveValue('123 ABC');
  await expect(page.getByLabel('Quantity')).toHaveValue('12.5');
  await expect(page.getByLabel('Notes')).toHaveValue('Browser test load');
  await expect(page.getByLabel('Transport date')).toHaveValue('2026-11-23');

  await mileage.fill('184');
  await page.getByRole('button', { name: 'Create waybill' }).click();
  await expect(page).toHaveURL(/\/waybills\/W-\d{4}-\d{6}$/);
  const number = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await expect(page.getByRole('heading', { level: 1, name: `Waybill ${number}` })).toBeVisible();
  await expect(page.getByText('Kalev Kask')).toBeVisible();
  await expect(page.locator('dl').getByText('Draft', { exact: true })).toBeVisible();

  // A draft may lack what EVR needs; confirming says what is missing and leads to the form.
  await page.getByRole('button', { name: 'Confirm' }).click();
  const missing = page.getByRole('dialog', { name: `Waybill ${number} cannot be confirmed yet` });
  await expect(missing.getByText("Driver's personal ID code")).toBeVisible();
  await missing.getByRole('button', { name: 'Edit the waybill' }).click();
  await expect(page).toHaveURL(`/waybills/${number}/edit`);
  // The transporter is our own company unless another is chosen (the server filled it in).
  await expect(page.getByRole('button', { name: 'Remove Kagu Metsavedu OÜ' })).toBeVisible();
  await page.getByLabel("Driver's personal ID code").fill('37605030298');
  await page.getByLabel('Departure').fill('2026-11-23T07:30');
  await page.getByLabel('Holding basis').selectOption({ label: 'Forest notification' });
  await page.getByLabel('Cadastral number').fill('78401:001:0123');
  await page.getByLabel('Forest notification number').fill('7123456');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // The ID code's check digit is wrong: said on its field, nothing else lost.
  const idCode = page.getByLabel("Driver's personal ID code");
  await expect(idCode).toHaveAttribute('aria-invalid', 'true');
  await idCode.fill('37605030299');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(`/waybills/${number}`);

  await page.getByRole('button', { name: 'Confirm' }).click();
  await page
    .getByRole('dialog', { name: `Confirm waybill ${number}?` })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.locator('dl').getByText('Confirmed', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Mark delivered' }).click();
  // Asked first, with the quantity and where it went.
  const deliver = page.getByRole('dialog', { name: `Mark waybill ${number} delivered?` });
  await expect(deliver.getByText(/12[.,]5\d*\s(m³|t) of .+ to /)).toBeVisible();
  await deliver.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.locator('dl').getByText('Delivered', { exact: true })).toBeVisible();
  // A delivered waybill is no longer editable or cancellable.
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);
});

test('delete a draft: asked first, back on the list with a notice, and the waybill is gone', async ({ page, request }) => {
  // A draft of its own, a copy of one the demo has: no other test's waybill is deleted.
  const api = await realApi(request, DEMO_USER);
  const { results } = await api.get<{ results: Record<string, unknown>[] }>('/api/waybills/?statusIn=draft&pageSize=1');
  const { transportDate, origin, destination, destinationCompany, vehicleNumber, mileage, assortment, quantity } = results[0] ?? {};
  // A driver of its own: the newest draft may be another test's, running beside this one.
  const driverName = `Deleted ${Date.now().toString(36)}`;
  const { number } = await api.post<{ number: string }>('/api/waybills/', {
    transportDate,
    origin,
    destination,
    destinationCompany,
    driverName,
    vehicleNumber,
    mileage,
    assortment,
    quantity,
    notes: 'To be deleted',
  });
  await signIn(page);
  await page.goto(`/waybills/${number}`);
  await expect(page.getByRole('heading', { level: 1, name: `Waybill ${number}` })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete waybill ${number}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete waybill' }).click();
  await expect(page).toHaveURL(/\/waybills(\?|$)/);
  await expect(page.getByText(`Waybill ${number} was deleted.`)).toBeVisible();
  expect(await listedNumbers(page)).not.toContain(number);

  await page.goto(`/waybills/${number}`);
  await expect(page.getByRole('heading', { name: 'Waybill not found' })).toBeVisible();
});

/** Starts a report export from the list's dialog and waits for the file the tracking downloads. */
const exportReport = async (page: Page, format: 'Excel (xlsx)' | 'CSV'): Promise<Download> => {
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Export report' }).click();
  const dialog = page.getByRole('dialog', { name: /Export (waybill|worklog) report/ });
  await dialog.getByRole('radio', { name: format }).check();
  await dialog.getByRole('button', { name: 'Export' }).click();
  return download;
};

/** Data rows of a report: every row after the heading row that has a value. */
const xlsxRows = async (path: string): Promise<number> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  expect(sheet).toBeDefined();
  let rows = 0;
  sheet?.eachRow((row, index) => {
    if (index > 1 && row.hasValues) rows += 1;
  });
  return rows;
};

const csvRows = async (path: string): Promise<number> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = await workbook.csv.readFile(path);
  let rows = 0;
  sheet.eachRow((row, index) => {
    if (index > 1 && row.hasValues) rows += 1;
  });
  return rows;
};

test('a filtered report, as xlsx and as csv, holds as many rows as the list counts', async ({ page, request }) => {
  test.setTimeout(120_000);
  // An account of its own: its exports and their files are not another test's running beside it.
  await signIn(page, await ownAccount(request, 'report'));
  await page.goto('/waybills?statusIn=delivered&transportDateAfter=2026-09-01&transportDateBefore=2026-10-31');
  await listedNumbers(page);
  const count = await listedCount(page);
  expect(count).toBeGreaterThan(25);
  const folder = await mkdtemp(join(tmpdir(), 'timberlog-report-'));

  const xlsx = await exportReport(page, 'Excel (xlsx)');
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const xlsxPath = join(folder, xlsx.suggestedFilename());
  await xlsx.saveAs(xlsxPath);
  expect(await xlsxRows(xlsxPath)).toBe(count);

  const csv = await exportReport(page, 'CSV');
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvPath = join(folder, csv.suggestedFilename());
  await csv.saveAs(csvPath);
  expect((await readFile(csvPath, 'utf8')).length).toBeGreaterThan(0);
  expect(await csvRows(csvPath)).toBe(count);
});

test('worklogs: filter by two actions, the report holds the listed count', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, await ownAccount(request, 'worklog-report'));
  await page.goto('/worklogs');
  const table = page.getByRole('table', { name: 'Worklogs' });
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Loading', exact: true }).click();
  await page.getByRole('option', { name: 'Unloading', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Time: From').fill('2026-11-01');
  await expect(page).toHaveURL(/timestampAfter=2026-11-01/);
  // The demo's first half of November: the worklogs other tests import (23 November) change no count here.
  await page.getByLabel('Time: To').fill('2026-11-15');
  await expect(page).toHaveURL(/timestampBefore=2026-11-15/);
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  for (const action of await columnTexts(table, 'Action')) expect(['Loading', 'Unloading']).toContain(action);
  const count = await listedCount(page, 'worklog');
  expect(count).toBeGreaterThan(0);

  const csv = await exportReport(page, 'CSV');
  const folder = await mkdtemp(join(tmpdir(), 'timberlog-report-'));
  const csvPath = join(folder, csv.suggestedFilename());
  await csv.saveAs(csvPath);
  expect(await csvRows(csvPath)).toBe(count);
});

// Each theme once, over half the pages (the waybill pages light, the worklog pages dark): every page
// is also checked in both themes as a story (the walk's axe pass, tests/e2e/storybook.spec.ts);
// here, on the real server's data and in the real shell. Both themes over every page took 42 s of
// the browser tests alone, this 22 s.
for (const [theme, pages] of [
  ['light', 'waybill'],
  ['dark', 'worklog'],
] as const) {
  test(`no serious or critical axe violations on the ${pages} pages (${theme})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ colorScheme: theme });
    const page = await context.newPage();
    // Each page is loaded afresh, also in the middle of a session renewal (the page asks again for its lost answer).
    await signIn(page);
    const findings: string[] = [];
    const check = async (name: string) => findings.push(...(await seriousViolations(page)).map((line) => `${name}: ${line}`));
    /** Loads a page afresh and checks it once its heading shows; `name` is the route's pattern. */
    const checkPage = async (path: string, heading: string, name = path) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await check(name);
    };

    if (pages === 'waybill') {
      await page.goto('/waybills');
      const [waybill] = await listedNumbers(page);
      await expect(waybillTable(page)).not.toHaveAttribute('aria-busy', 'true');
      await check('/waybills');
      await pickStatuses(page, ['Draft']);
      // The filtered rows, not the moment before their request starts (the rows dim while it runs).
      await expect(page).toHaveURL(/statusIn=draft/);
      await expect(waybillTable(page).locator('tbody tr').filter({ hasNotText: 'Draft' })).toHaveCount(0);
      await listedNumbers(page);
      // And no request under way (a live update or the session's refresh can fetch the rows again),
      // and the rows no longer dimmed: they fade back in over 120 ms, and a faded row fails contrast.
      await expect(waybillTable(page)).not.toHaveAttribute('aria-busy', 'true');
      await expect(waybillTable(page).locator('tbody')).toHaveCSS('opacity', '1');
      await check('/waybills with a filter');
      await checkPage(`/waybills/${waybill}`, `Waybill ${waybill}`, '/waybills/:number');
      await checkPage('/waybills/new', 'New waybill');
      await page.getByRole('button', { name: 'Create waybill' }).click();
      await expect(page.getByText('Fill in this field.').first()).toBeVisible();
      await check('/waybills/new with errors');
    } else {
      await page.goto('/worklogs');
      const worklogs = page.getByRole('table', { name: 'Worklogs' });
      await expect(worklogs).not.toHaveAttribute('aria-busy', 'true');
      const worklog = (await worklogs.locator('tbody tr td a[href^="/worklogs/"]').first().textContent()) ?? '';
      await check('/worklogs');
      await checkPage(`/worklogs/${worklog}`, `Worklog ${worklog}`, '/worklogs/:number');
      await checkPage('/worklogs/new', 'New worklog');
      await checkPage(`/worklogs/${worklog}/edit`, `Edit worklog ${worklog}`, '/worklogs/:number/edit');
    }

    expect(findings).toEqual([]);
    await context.close();
  });
}

test('screenshots: waybill list, detail and form, worklog list; light, dark and Estonian', async ({ browser, request }) => {
  test.skip(!SHOTS, 'pictures for people to look at: npm run screenshots');
  test.setTimeout(120_000);
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme: theme, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    // An account of its own: the language chosen below is kept with the account, and other tests sign in as the demo user.
    await signIn(page, await ownAccount(request, `shots-${theme}`));
    const shootAll = async (name: string, lang: string) => shoot(page, `${name}-${theme}-${lang}`, { fullPage: true });
    const round = async (lang: 'en' | 'et') => {
      await page.goto('/waybills?statusIn=confirmed&statusIn=delivered&transportDateAfter=2026-10-01');
      const list = page.getByRole('table').first();
      await expect(list).not.toHaveAttribute('aria-busy', 'true');
      const number = await list.locator('tbody tr td a[href^="/waybills/"]').first().textContent();
      await shootAll('waybills', lang);
      await page.goto(`/waybills/${number}`);
      await expect(page.locator('dl')).toBeVisible();
      await shootAll('waybill-detail', lang);
      await page.goto(`/waybills/new`);
      await page.getByRole('button', { name: lang === 'en' ? 'Create waybill' : 'Loo veoseleht' }).click();
      await shootAll('waybill-form', lang);
      await page.goto('/worklogs?actionIn=loading');
      await expect(page.getByRole('table').first()).not.toHaveAttribute('aria-busy', 'true');
      await shootAll('worklogs', lang);
    };
    await round('en');
    await page.getByRole('button', { name: /Language: English/ }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitemradio', { name: 'Eesti' }).click()]);
    await round('et');
    await context.close();
  }
});
