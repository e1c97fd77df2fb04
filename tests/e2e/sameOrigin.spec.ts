import { expect, test } from './fixtures';
import { REAL_SERVER_PORT } from './realServer';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

// The served app calls the API on the origin it was loaded from (built with APP_PUBLIC_BACKEND_URL=/):
// whatever name the server is reached by, sign-in works and no call leaves the page's origin.
const DEMO_USER = DEMO_USERS.user;

for (const host of ['localhost', 'timberlog.test']) {
  test(`opened as http://${host}:${REAL_SERVER_PORT}, the app signs in and loads data from that same origin`, async ({ browser }) => {
    const origin = `http://${host}:${REAL_SERVER_PORT}`;
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('http')) calls.push(request.url());
    });

    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(DEMO_USER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
    const signIn = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/auth/'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect((await signIn).status()).toBe(200);
    await expect(page).toHaveURL(`${origin}/`);

    const list = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/waybills/');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Waybills' }).click();
    expect((await list).status()).toBe(200);
    await expect(page.getByRole('row')).not.toHaveCount(0);

    const apiCalls = calls.filter((url) => new URL(url).pathname.startsWith('/api/'));
    expect(apiCalls.length).toBeGreaterThan(2);
    expect(calls.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    await context.close();
  });
}
