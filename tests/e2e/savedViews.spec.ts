import type { Browser } from '@playwright/test';

import { expect, shoot, test, type Page } from './fixtures';

import { REAL_SERVER } from './realServer';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

// Saved views against the real server (scripts/e2e-server.mjs): one person saves the list's
// filters and columns as a shared view, another opens it from the menu and by its link; and the
// waybill list fits a 1280×800 screen with its default columns.
test.use({ baseURL: REAL_SERVER });

const STAFF = DEMO_USERS.staff;
const USER = DEMO_USERS.user;
type Who = typeof STAFF;

const signIn = async (page: Page, who: Who) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
};

/** A browser context of its own (another person's browser), signed in. */
const personAt = async (browser: Browser, who: Who, viewport = { width: 1280, height: 800 }): Promise<Page> => {
  const context = await browser.newContext({ baseURL: REAL_SERVER, viewport });
  const page = await context.newPage();
  await signIn(page, who);
  return page;
};

const table = (page: Page) => page.getByRole('table', { name: 'Waybills' });

test('a view saved and shared by one person opens for another, from the menu and by its link, with its filters and columns', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const name = `Confirmed, with mileage ${Date.now()}`;
  const staff = await personAt(browser, STAFF);
  await staff.goto('/waybills?statusIn=confirmed&sort=-mileage');
  await expect(table(staff).getByRole('row').nth(1)).toBeVisible();

  // A column the defaults leave out, from the column chooser.
  await staff.getByRole('button', { name: 'Columns' }).click();
  await staff.getByRole('checkbox', { name: 'Mileage' }).check();
  await staff.keyboard.press('Escape');
  await expect(table(staff).getByRole('columnheader', { name: /^Mileage/ })).toBeVisible();

  await staff.getByRole('button', { name: 'All rows' }).click();
  await staff.getByRole('menuitem', { name: 'Save as a view…' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Save as a view' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Share with everyone').check();
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff).toHaveURL(/[?&]view=\d+/);
  await expect(staff.getByRole('button', { name })).toBeVisible();
  const link = new URL(staff.url());

  // A change of the filters is a change of the view, until saved or undone.
  await staff.goto(`${link.pathname}${link.search}&search=no-such-waybill`);
  await expect(staff.getByText(`The list differs from the view “${name}”.`)).toBeVisible();
  await staff.getByRole('button', { name: 'Undo changes' }).click();
  await expect(staff.getByText(`The list differs from the view “${name}”.`)).toBeHidden();

  // Another person finds it among the shared views and opens it.
  const user = await personAt(browser, USER);
  await user.goto('/waybills');
  await expect(table(user).getByRole('row').nth(1)).toBeVisible();
  await expect(table(user).getByRole('columnheader', { name: /^Mileage/ })).toHaveCount(0);
  await user.getByRole('button', { name: 'All rows' }).click();
  await expect(user.getByRole('menu').getByText('Shared views')).toBeVisible();
  await user.getByRole('menuitem', { name: new RegExp(name) }).click();
  await expect(user).toHaveURL(/statusIn=confirmed/);
  await expect(user.getByRole('list', { name: 'Active filters' }).getByText('Status: Confirmed')).toBeVisible();
  await expect(table(user).getByRole('columnheader', { name: /^Mileage/ })).toBeVisible();
  await expect(table(user).getByRole('columnheader', { name: /^Mileage/ })).toHaveAttribute('aria-sort', 'descending');
  // Not theirs: no "Save changes" for them, only a view of their own.
  await user.getByRole('button', { name }).click();
  await expect(user.getByRole('menuitem', { name: 'Rename view…' })).toHaveCount(0);
  await user.keyboard.press('Escape');

  // The link opens it too, in a fresh tab.
  const tab = await user.context().newPage();
  await tab.goto(`${link.pathname}${link.search}`);
  await expect(tab.getByRole('button', { name })).toBeVisible();
  await expect(table(tab).getByRole('columnheader', { name: /^Mileage/ })).toBeVisible();

  await staff.context().close();
  await user.context().close();
});

test('the waybill list fits 1280×800 with its default columns: no sideways scrolling and at least 15 rows in view', async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await personAt(browser, STAFF);
  // The demo's first waybills, oldest first: the newest are the other tests' own, with their long
  // made-up driver names, and they change while this test looks.
  await page.goto('/waybills?sort=number');
  await expect(table(page).getByRole('row').nth(15)).toBeVisible();
  await shoot(page, 'saved-view-1280x800');
  const fit = await page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('[data-list-results]');
    // Wholly in view: inside the window and inside the table's own scroller.
    const bottom = Math.min(window.innerHeight, scroller?.getBoundingClientRect().bottom ?? 0);
    const rows = [...document.querySelectorAll('table tbody tr')].filter((row) => row.getBoundingClientRect().bottom <= bottom + 0.5);
    return {
      pageWide: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      tableWide: scroller ? scroller.scrollWidth > scroller.clientWidth : true,
      rowsInView: rows.length,
    };
  });
  expect(fit.pageWide, 'the page scrolls sideways').toBe(false);
  expect(fit.tableWide, 'the table scrolls sideways').toBe(false);
  expect(fit.rowsInView).toBeGreaterThanOrEqual(15);

  await page.setViewportSize({ width: 412, height: 915 });
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
  await shoot(page, 'saved-view-412');
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
  await page.context().close();
});
