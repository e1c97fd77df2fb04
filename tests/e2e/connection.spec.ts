import { DEMO_USERS } from '@timberlog/contract/demo-data';

import { expect, expectApiErrors, test, type Page, shoot } from './fixtures';
import { startOwnServer } from './realServer';

// The server goes away and comes back while a clerk works: a real server of this file's own,
// stopped and started again on the same port and data (the shared servers serve other tests).
test.describe.configure({ mode: 'serial' });
const server = startOwnServer(3652);
// The server is stopped and started on purpose. While it closes it answers 503 to what still
// reaches it (Fastify's return503OnClosing): the live stream reconnecting at once, and on a busy
// machine, where closing takes longer, the list's refresh or the connection probe too. The app
// takes each as the server being away, which is what the tests check.
test.use({ expectedApiErrors: expectApiErrors({ status: 503, request: /^(GET|HEAD) \/api\// }) });

const banner = (page: Page) => page.getByRole('status').filter({ hasText: "Can't reach Timberlog — your changes are kept." });
const staleNotice = (page: Page) => page.getByText(/^Not up to date — couldn't refresh at \d{2}:\d{2}\.$/);
const listCount = (page: Page) => page.getByRole('status').filter({ hasText: /^[\d\s,]+ waybills$/ });

const signIn = async (page: Page) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(DEMO_USERS.user.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USERS.user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
};

test('the server goes away: a banner says so, the list says it is not up to date; it comes back: all refresh by themselves', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Waybills' }).click();
  const table = page.getByRole('table', { name: 'Waybills' });
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(listCount(page)).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  const listCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/waybills/') listCalls.push(request.url());
  });

  const focused = () => page.evaluate(() => document.activeElement?.outerHTML ?? null);
  const focusedBefore = await focused();
  await server.stop();
  // The live event stream breaks and cannot reconnect: the first sign, with no click of the user's.
  await expect(banner(page)).toBeVisible({ timeout: 15_000 });
  await expect(banner(page)).toContainText(/Last contact at \d{2}:\d{2}\./);
  // Nothing took the focus away from where the user was.
  expect(await focused()).toBe(focusedBefore);

  // The browser's own offline and online again (Wi-Fi back, the server still away): the list tries
  // to refresh, gets no answer, and keeps its rows marked as not up to date.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(staleNotice(page)).toBeVisible();
  expect(listCalls.length).toBeGreaterThan(0);
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await shoot(page, 'connection-away-desktop-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, 'connection-away-desktop-dark');
  await page.setViewportSize({ width: 412, height: 860 });
  await shoot(page, 'connection-away-phone-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await shoot(page, 'connection-away-phone-light');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Another screen whose code was never loaded: it cannot arrive now, and the page says so.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Worklogs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Couldn't load this page — check the connection" })).toBeVisible();
  await expect(page.getByText(/please report it/)).toHaveCount(0);
  await shoot(page, 'connection-page-not-loaded');

  await server.start();
  // Found again by the app's probe, with no reload and no click: the banner goes, the page loads.
  await expect(page.getByRole('heading', { level: 1, name: 'Worklogs' })).toBeVisible({ timeout: 45_000 });
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Worklogs' })).not.toHaveAttribute('aria-busy', 'true');

  // Back on the waybills, the list is current again without the notice.
  await page.goBack();
  await expect(listCount(page)).toBeVisible();
  await expect(staleNotice(page)).toHaveCount(0);
});

test('the list refreshes by itself when the server is back', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto('/waybills');
  await expect(page.getByRole('table', { name: 'Waybills' })).not.toHaveAttribute('aria-busy', 'true');
  await expect(listCount(page)).toBeVisible();

  await server.stop();
  await expect(banner(page)).toBeVisible({ timeout: 15_000 });
  let refreshed = false;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/waybills/' && response.ok()) refreshed = true;
  });
  await server.start();
  // Found by the app's next probe: at most its longest wait between probes (30 s) after the server
  // answers, however long the server took to start (on a busy machine, longer than the probes' backoff).
  await expect.poll(() => refreshed, { timeout: 45_000 }).toBe(true);
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Back online.' })).toBeVisible();
  await shoot(page, 'connection-back');
  await expect(staleNotice(page)).toHaveCount(0);
});
