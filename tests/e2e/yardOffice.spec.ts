import { expect, shoot, test, type Download, type Page, expectApiErrors } from './fixtures';

import { ownAccount, REAL_SERVER, realApi, startOwnServer } from './realServer';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

// Fit for the yard office, against the real server (scripts/e2e-server.mjs): exports that never
// pile up (item 1), the export limit in the server's words (item 2), forms that ask before they are
// left (item 3), and a phone (item 5).
test.use({ baseURL: REAL_SERVER });
// The fourth export is the user's own click: the server refuses it (429) and the dialog says why.
test.use({ expectedApiErrors: expectApiErrors({ status: 429, request: /^POST \/api\/waybills\/waybill_report\/$/ }) });

const STAFF = DEMO_USERS.staff;
const USER = DEMO_USERS.user;

const signIn = async (page: Page, who: { email: string; password: string }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
};

const tokenFor = async (page: Page, who: { email: string; password: string }, server = REAL_SERVER): Promise<string> => {
  const login = await page.request.post(`${server}/api/auth/token/`, { data: who });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { access: string }).access;
};

/**
 * Waits for the account's own exports to finish and marks them seen (the file downloaded, a failure
 * acknowledged), so that signing in shows no export toasts: earlier tests leave exports behind.
 */
const exportsSeen = async (page: Page, who: { email: string; password: string }) => {
  const headers = { Authorization: `Bearer ${await tokenFor(page, who)}` };
  const unseen = async () => {
    const res = await page.request.get(`${REAL_SERVER}/api/export-requests/?own=true&seen=false&pageSize=20`, { headers });
    return ((await res.json()) as { results: { id: string; inProgress: boolean; failed: boolean }[] }).results;
  };
  await expect.poll(async () => (await unseen()).filter((request) => request.inProgress).length, { timeout: 60_000 }).toBe(0);
  for (const request of await unseen()) {
    const path = request.failed ? 'acknowledge_error/' : 'download_attachment/';
    const res = request.failed
      ? await page.request.post(`${REAL_SERVER}/api/export-requests/${request.id}/${path}`, { headers })
      : await page.request.get(`${REAL_SERVER}/api/export-requests/${request.id}/${path}`, { headers });
    expect(res.status()).toBe(200);
  }
  expect(await unseen()).toHaveLength(0);
};

test('item 1: signing in with five finished, unseen exports fetches the five files one after another, with at most three export toasts', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const token = await tokenFor(page, STAFF);
  const headers = { Authorization: `Bearer ${token}` };
  const finishedUnseen = async () => {
    const res = await page.request.get(`${REAL_SERVER}/api/export-requests/?own=true&seen=false&pageSize=20`, { headers });
    const { results } = (await res.json()) as { results: { inProgress: boolean; failed: boolean }[] };
    return results.filter((request) => !request.inProgress && !request.failed).length;
  };
  // Three at a time is the limit: two rounds, each waited out.
  for (const round of [3, 2]) {
    const before = await finishedUnseen();
    for (let n = 0; n < round; n += 1) {
      const res = await page.request.post(`${REAL_SERVER}/api/waybills/waybill_report/?statusIn=cancelled`, {
        headers,
        data: { format: 'csv' },
      });
      expect(res.status()).toBe(201);
    }
    await expect.poll(finishedUnseen, { timeout: 60_000 }).toBe(before + round);
  }

  const downloads: { at: number; download: Download }[] = [];
  page.on('download', (download) => downloads.push({ at: Date.now(), download }));
  let mostToasts = 0;
  await signIn(page, STAFF);
  await expect
    .poll(
      async () => {
        mostToasts = Math.max(mostToasts, await page.getByText('Downloading the waybill report…').count());
        return downloads.length;
      },
      { timeout: 60_000, intervals: [100] },
    )
    .toBe(5);
  expect(mostToasts).toBeGreaterThan(0);
  expect(mostToasts).toBeLessThanOrEqual(3);
  // One after another: each file started well after the one before.
  const gaps = downloads.slice(1).map((entry, index) => entry.at - downloads[index]!.at);
  expect(Math.min(...gaps)).toBeGreaterThan(500);
  // And every file is listed with its link under My latest exports.
  await page.getByRole('button', { name: 'My exports' }).click();
  await expect(page.getByRole('dialog', { name: 'My latest exports' }).getByRole('link', { name: /Download/ })).toHaveCount(5);
});

// On a server of its own that runs no export jobs (EXPORT_WORKERS=0: it only takes requests), so the
// three exports stay in progress for sure; on the shared server its workers could finish one first.
test.describe('on a server that runs no exports', () => {
  const own = startOwnServer(3654, { EXPORT_WORKERS: '0' });

  test('item 2: with three exports running, the fourth is refused once, in the server’s words, in the dialog', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, USER);
    const token = await tokenFor(page, USER, own.url);
    await page.goto('/waybills');
    await page.getByRole('button', { name: 'Export report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export waybill report' });
    await expect(dialog).toBeVisible();
    for (let n = 0; n < 3; n += 1) {
      const res = await page.request.post(`${own.url}/api/waybills/waybill_report/`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { format: 'xlsx' },
      });
      expect(res.status()).toBe(201);
    }
    await dialog.getByRole('button', { name: 'Export' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('You already have 3 exports in progress. Wait for one to finish, then try again.');
    await expect(page.getByText('Too many requests')).toHaveCount(0);
    await expect(page.getByText(/error 429/)).toHaveCount(0);
  });
});

test('item 3: leaving a changed form by a link, by Back and by the language switch asks first', async ({ page }) => {
  test.setTimeout(90_000);
  // No export toast over the page's buttons (an earlier test may leave exports of this account).
  await exportsSeen(page, USER);
  await signIn(page, USER);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Waybills' }).click();
  await page.getByRole('link', { name: 'New waybill' }).click();
  await page.getByLabel('Driver', { exact: true }).fill('Mati Maasikas');
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  // Changed, the page now holds every way out: closing or reloading the tab asks (the browser's own
  // question, which a page arms by cancelling beforeunload), and so do links and Back below.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const leaving = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(leaving);
        return leaving.defaultPrevented;
      }),
    )
    .toBe(true);

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Worklogs' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL('/waybills/new');

  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL('/waybills/new');
  await expect(page.getByLabel('Driver', { exact: true })).toHaveValue('Mati Maasikas');

  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: 'Eesti' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByLabel('Driver', { exact: true })).toHaveValue('Mati Maasikas');
});

test("#32: a waybill's unsaved changes survive a reload: offered back, restored, saved, and then gone", async ({ page, request }) => {
  await signIn(page, USER);
  const api = await realApi(request, USER);
  const like = (await api.get<{ results: Record<string, unknown>[] }>('/api/waybills/?statusIn=draft&sort=number&pageSize=1')).results[0]!;
  const mine = await api.post<{ number: string }>('/api/waybills/', {
    transportDate: like.transportDate,
    origin: like.origin,
    destination: like.destination,
    driverName: 'Draft Driver',
    vehicleNumber: '404 DRF',
    mileage: 12,
    assortment: like.assortment,
    quantity: '10.000',
    notes: '',
  });
  await page.goto(`/waybills/${mine.number}/edit`);
  const notes = page.getByLabel('Notes', { exact: true });
  await notes.fill('Gate code 4711, ask for Peeter');
  // The page goes away without a save: its leave question is answered "leave".
  page.on('dialog', (dialog) => void dialog.accept());
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('timberlog:draft:')))).toBe(true);
  await page.reload();
  const offer = page.getByRole('status').filter({ hasText: 'that were not saved' });
  await expect(offer).toBeVisible();
  await expect(notes).toHaveValue('');
  await shoot(page, 'draft-offered');
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(notes).toHaveValue('Gate code 4711, ask for Peeter');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Waybill ${mine.number}`, exact: true })).toBeVisible();
  expect((await api.get<{ notes: string }>(`/api/waybills/${mine.number}/`)).notes).toBe('Gate code 4711, ask for Peeter');
  await page.goto(`/waybills/${mine.number}/edit`);
  await expect(notes).toHaveValue('Gate code 4711, ask for Peeter');
  await expect(page.getByText('that were not saved')).toHaveCount(0);
});

test('#32, keyboard: sign-in starts in the e-mail field, the list skips to its search or its rows from the top, an edit page starts in its first field', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await expect(page.getByLabel('Email')).toBeFocused();
  await signIn(page, USER);
  await page.goto('/waybills');
  await expect(page.getByRole('table', { name: 'Waybills' }).getByRole('row').nth(1)).toBeVisible();
  // The top bar's skip link to the page, whose first stop is the skip to the search, then to the rows.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to the search' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to results' }).first()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
  await page.getByRole('link', { name: 'Skip to results' }).first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: 'Waybills' }).getByRole('row').nth(1)).toBeFocused();

  await page.goto('/waybills/new');
  await expect(page.getByLabel('Number', { exact: true })).toBeFocused();
});

test('#32: the language and theme go with the account: chosen on one browser, in force at the next sign-in on another', async ({
  browser,
  request,
}) => {
  const who = await ownAccount(request, 'preferences');
  const office = await browser.newContext({ locale: 'en-GB', colorScheme: 'light' });
  const first = await office.newPage();
  await signIn(first, who);
  await first.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(first.locator('html')).toHaveAttribute('data-theme', 'dark');
  await first.getByRole('button', { name: 'Language: English' }).click();
  await first.getByRole('menuitemradio', { name: 'Eesti' }).click();
  await expect(first.locator('html')).toHaveAttribute('lang', 'et');
  const api = await realApi(request, who);
  expect(await api.get('/api/user/me/preferences')).toEqual({ locale: 'et', theme: 'dark' });
  await office.close();

  // Another browser, in English and light: the sign-in page follows it, the signed-in app the account.
  const home = await browser.newContext({ locale: 'en-US', colorScheme: 'light' });
  const second = await home.newPage();
  await signIn(second, who);
  await expect(second.locator('html')).toHaveAttribute('lang', 'et');
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(second.getByRole('link', { name: 'Veoselehed' }).first()).toBeVisible();
  // The charts name the reference data in Estonian where it has Estonian names (the demo data does).
  const hauls = second.getByRole('table', { name: /^Veetud puit nädalas, m³/ });
  await expect(hauls.getByRole('columnheader', { name: 'Palk', exact: true })).toBeAttached();
  await expect(hauls.getByRole('columnheader', { name: 'Saw logs' })).toHaveCount(0);
  await shoot(second, 'account-preferences-et-dark');
  await home.close();
});

test("#32: the home charts' tables keep their last column in view on a 1366 px screen; the week under way says so", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, baseURL: REAL_SERVER });
  const page = await context.newPage();
  await signIn(page, USER);
  // Four charts, each loaded when it offers its table or says it has nothing to show: the month's
  // top destinations have none on a month's first day until a load of it is delivered.
  const charts = page.getByRole('main').getByRole('figure');
  await expect(charts).toHaveCount(4);
  const show = page.getByRole('button', { name: 'Show as a table' });
  const nothing = page.getByText('Nothing has been delivered this month yet.');
  await expect.poll(async () => (await show.count()) + (await nothing.count())).toBe(4);
  const tables = await show.count();
  expect(tables).toBeGreaterThanOrEqual(3);
  for (let n = 0; n < tables; n += 1) await show.first().click();
  await expect(page.getByRole('button', { name: 'Hide the table' })).toHaveCount(tables);
  const overflow = await page.evaluate(() =>
    [...document.querySelectorAll('figure table')].map((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth),
  );
  expect(overflow).toEqual(Array.from({ length: tables }, () => 0));
  await expect(page.getByRole('rowheader', { name: /, so far$/ }).first()).toBeVisible();
  await shoot(page, 'home-tables-1366');
  await context.close();
});

test.describe('a phone', () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test.describe('under a finger', () => {
    test.use({ hasTouch: true });

    /** What can be tapped on the page and is smaller than 44 × 44 px: its name and size. */
    const tooSmall = (page: Page) =>
      page.evaluate(() =>
        [...document.querySelectorAll('main button, main a[href], main label:has(> input[type=checkbox]), header button')]
          .filter((element) => element.getClientRects().length > 0)
          // Links inside running text and table cells are read, not aimed at; buttons and row checkboxes are.
          .filter((element) => element.tagName !== 'A' || (element as HTMLElement).className.includes('button'))
          .map((element) => {
            const box = element.getBoundingClientRect();
            const name =
              element.getAttribute('aria-label') ??
              element.querySelector('input')?.getAttribute('aria-label') ??
              element.textContent?.trim();
            return { name, width: Math.round(box.width), height: Math.round(box.height) };
          })
          .filter((target) => target.width < 44 || target.height < 44),
      );

    test('#32: the buttons and the row checkboxes of the list and of a waybill are at least 44 × 44 px to tap; a card names driver, truck and quantity', async ({
      page,
    }) => {
      await signIn(page, USER);
      await page.goto('/waybills');
      const table = page.getByRole('table', { name: 'Waybills' });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      expect(await tooSmall(page)).toEqual([]);
      // Each card names the driver and the truck, and the quantity with its unit.
      await expect(table.getByRole('row').nth(1)).toContainText(/Driver\s*\S.* · \S+/);
      await expect(table.getByRole('row').nth(1)).toContainText(/Quantity\s*[\d.,]+\s(m³|t)/);
      await shoot(page, 'phone-touch-list');
      const first = table.getByRole('link', { name: /^W-\d{4}-\d{6}$/ }).first();
      const number = await first.innerText();
      await first.click();
      await expect(page.getByRole('heading', { level: 1, name: `Waybill ${number}` })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
      expect(await tooSmall(page)).toEqual([]);
      await shoot(page, 'phone-touch-waybill');
    });
  });

  test("#32: a driver's loads of today are one tap from the menu: today's waybills with their name as the driver", async ({
    page,
    request,
  }) => {
    await signIn(page, USER);
    // A load of today for this driver, made as the office would.
    const api = await realApi(request, USER);
    const like = (await api.get<{ results: Record<string, unknown>[] }>('/api/waybills/?statusIn=draft&sort=number&pageSize=1'))
      .results[0]!;
    const pad = (value: number) => String(value).padStart(2, '0');
    const now = new Date();
    const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    const mine = await api.post<{ number: string }>('/api/waybills/', {
      transportDate: today,
      origin: like.origin,
      destination: like.destination,
      driverName: USER.name,
      vehicleNumber: '321 MIN',
      mileage: 80,
      assortment: like.assortment,
      quantity: '20.000',
      notes: '',
    });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My loads today' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
    const table = page.getByRole('table', { name: 'Waybills' });
    await expect(table.getByRole('link', { name: mine.number })).toBeVisible();
    // Only this driver's, only today's.
    for (const row of await table.getByRole('row').all()) {
      if ((await row.getByRole('columnheader').count()) > 0) continue;
      await expect(row).toContainText(USER.name);
    }
    expect(new URL(page.url()).searchParams.get('transportDate')).toBe(today);
  });

  test("#32: the list's buttons fold behind one List actions button, so the first waybill is on the first screen; the cards scroll with the page", async ({
    page,
  }) => {
    await signIn(page, USER);
    await page.goto('/waybills');
    const table = page.getByRole('table', { name: 'Waybills' });
    const firstCard = table.getByRole('row').nth(1);
    await expect(firstCard).toBeVisible();
    const actions = page.getByRole('button', { name: 'List actions' });
    await expect(actions).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'New waybill' })).toBeHidden();
    // The first card starts on the first screen (915 px high).
    const top = (await firstCard.boundingBox())!.y;
    expect(top).toBeLessThan(915 - 100);
    // The page scrolls, not a box inside it.
    const scroller = await table.evaluate((element) => {
      const box = element.parentElement!;
      box.scrollTop = 200;
      // The app's main area is the page's scroller (the top bar stays).
      const main = document.querySelector('main')!;
      return { own: box.scrollTop, page: main.scrollHeight - main.clientHeight };
    });
    expect(scroller.own).toBe(0);
    expect(scroller.page).toBeGreaterThan(0);
    await shoot(page, 'phone-list-folded');

    await actions.click();
    await expect(actions).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'New waybill' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export report' })).toBeVisible();
    await shoot(page, 'phone-list-actions');
    await page.getByRole('link', { name: 'New waybill' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New waybill' })).toBeVisible();
  });

  test('item 5: opens Invoices from the menu and reads a waybill without scrolling sideways', async ({ page }) => {
    await signIn(page, USER);
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Invoices' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Waybills' }).click();
    const table = page.getByRole('table', { name: 'Waybills' });
    await expect(table).toBeVisible();
    expect(await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth)).toBeLessThanOrEqual(
      0,
    );
    expect(await sideways()).toBeLessThanOrEqual(0);
    const first = table.getByRole('link', { name: /^W-\d{4}-\d{6}$/ }).first();
    const number = await first.innerText();
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name: `Waybill ${number}` })).toBeVisible();
    expect(await sideways()).toBeLessThanOrEqual(0);
  });
});
