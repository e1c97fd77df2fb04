import { expect, SHOTS, shoot, test, type Page } from './fixtures';
import { seriousViolations } from './axe';

import { seedSession } from './session';

const PAGES = [
  { path: '/', heading: 'Overview' },
  { path: '/waybills', heading: 'Waybills' },
  { path: '/worklogs', heading: 'Worklogs' },
  { path: '/invoices', heading: 'Invoices' },
  { path: '/users', heading: 'Users' },
  { path: '/no-such-page', heading: 'Page not found' },
] as const;
/** Pages whose axe check is against the real server, in the flows' specs. */
const CHECKED_WITH_REAL_DATA = new Set(['/', '/waybills', '/worklogs', '/invoices']);

const topBar = (page: Page) => page.getByRole('banner');
const mainNav = (page: Page) => page.getByRole('navigation', { name: /Main navigation|Põhinavigatsioon/ });

const chooseLocale = async (page: Page, currentLabel: RegExp, option: string) => {
  await topBar(page).getByRole('button', { name: currentLabel }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('menuitemradio', { name: option }).click()]);
};

test('the shell renders: product name, navigation, sign-in, main area', async ({ page }) => {
  // Every route but /auth/* needs sign-in: a visitor lands on the sign-in page.
  await page.goto('/');
  await expect(page).toHaveURL('/auth/login');
  await expect(topBar(page).getByRole('link', { name: 'Timberlog' })).toHaveAttribute('href', '/');
  for (const name of ['Waybills', 'Worklogs', 'Invoices']) {
    await expect(mainNav(page).getByRole('link', { name })).toBeVisible();
  }
  // The users list is staff's (an ordinary user's own account is under Account).
  await expect(mainNav(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(topBar(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Staff-only links are not there for a visitor.
  await expect(page.getByRole('link', { name: 'Admin panel' })).toHaveCount(0);
});

test('navigation: each link loads its page, unknown paths show the not-found page', async ({ page }) => {
  // Staff, who also have the users list.
  await seedSession(page, { isStaff: true });
  await page.goto('/');
  for (const { path, heading } of PAGES.slice(1, 5)) {
    await mainNav(page).getByRole('link', { name: heading }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: heading })).toHaveAttribute('aria-current', 'page');
  }
  await topBar(page).getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL('/account');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the overview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
});

test('switching to Estonian reloads the page in Estonian and survives a reload', async ({ page }) => {
  await seedSession(page);
  await page.goto('/waybills');
  await chooseLocale(page, /Language: English/, 'Eesti');
  await expect(page).toHaveURL('/waybills');
  await expect(page.getByRole('heading', { level: 1, name: 'Veoselehed' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Töökanded' })).toBeVisible();
  await expect(topBar(page).getByRole('button', { name: 'Logi välja' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'et');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Veoselehed' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'et');

  await chooseLocale(page, /Keel: Eesti/, 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'Waybills' })).toBeVisible();
});

test("the first visit follows the browser's language; a chosen language is kept over it", async ({ browser }) => {
  const context = await browser.newContext({ locale: 'et-EE' });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Logi sisse' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'et');

  await chooseLocale(page, /Keel: Eesti/, 'English');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test('the first visit follows the system theme; a chosen theme is remembered', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await seedSession(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(15, 19, 24)');

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await background()).toBe('rgb(245, 246, 248)');

  // Stored (the store writes its saved part a moment after a change), then the reload.
  const storedTheme = () =>
    page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem('persist:timberlog') ?? '{}') as { preferences?: string };
      return (JSON.parse(saved.preferences ?? '{}') as { theme?: string }).theme ?? null;
    });
  await expect.poll(storedTheme).toBe('light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).toBe('rgb(15, 19, 24)');
  await context.close();
});

test('a signed-in staff user sees the admin panel and API docs links and can sign out', async ({ page }) => {
  await seedSession(page, { isStaff: true });
  await page.goto('/');
  // The admin panel is a screen of the app; the API docs are the server's page.
  await expect(page.getByRole('link', { name: 'Admin panel' })).toHaveAttribute('href', '/adminpanel');
  await expect(page.getByRole('link', { name: /API docs/ })).toHaveAttribute('href', '/api/schema/swagger-ui');
  await shoot(page, 'staff-light-en');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/auth/login');
  await expect(topBar(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin panel' })).toHaveCount(0);
});

test('on a phone the page is no wider than the screen: every section, the staff links and sign-out are in the menu', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 900 });
  await seedSession(page, { isStaff: true });
  for (const { path, heading } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(412);
    await expect(topBar(page).getByRole('button', { name: 'Menu' })).toBeInViewport();
  }
  await topBar(page).getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  for (const name of ['Waybills', 'Worklogs', 'Invoices', 'Users']) await expect(menu.getByRole('link', { name })).toBeVisible();
  await expect(menu.getByRole('link', { name: /API docs/ })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
});

for (const theme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violations on the sign-in, users and not-found pages and the open menu (${theme})`, async ({
    browser,
  }) => {
    // Each checked by axe: more than the default 30 s on two cores.
    test.setTimeout(120_000);
    const context = await browser.newContext({ colorScheme: theme });
    const page = await context.newPage();
    const findings: string[] = [];
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    findings.push(...(await seriousViolations(page)).map((line) => `/auth/login: ${line}`));
    await seedSession(page);
    // The home page, the waybills, worklogs and invoices are checked with the real server's data
    // (invoices.spec.ts and waybills.spec.ts, both themes): here the rest.
    for (const { path, heading } of PAGES.filter((entry) => !CHECKED_WITH_REAL_DATA.has(entry.path))) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      findings.push(...(await seriousViolations(page)).map((line) => `${path}: ${line}`));
    }
    // The open language menu is a page state of its own.
    await page.getByRole('button', { name: /Language: English/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    findings.push(...(await seriousViolations(page)).map((line) => `menu: ${line}`));
    expect(findings).toEqual([]);
    await context.close();
  });
}

test('screenshots: light and dark, English and Estonian', async ({ browser }) => {
  test.skip(!SHOTS, 'pictures for people to look at: npm run screenshots');
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme: theme });
    const page = await context.newPage();
    await seedSession(page);
    await page.goto('/waybills');
    await expect(page.getByRole('heading', { level: 1, name: 'Waybills' })).toBeVisible();
    await shoot(page, `waybills-${theme}-en`);
    await page.getByRole('button', { name: /Language: English/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await shoot(page, `language-menu-${theme}-en`);
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitemradio', { name: 'Eesti' }).click()]);
    await expect(page.getByRole('heading', { level: 1, name: 'Veoselehed' })).toBeVisible();
    await shoot(page, `waybills-${theme}-et`);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Lehte ei leitud' })).toBeVisible();
    await shoot(page, `not-found-${theme}-et`);
    await context.close();
  }
});
