import { expect, test, type Page, expectApiErrors, SHOTS, shoot } from './fixtures';
import { decodeJwt } from 'jose';

import { readConfirmationLink, readResetLink, REAL_SERVER, SHORT_TOKEN_SERVER, SHORT_TOKEN_TTL_SECONDS } from './realServer';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

// Against the real server (scripts/e2e-server.mjs): real PostgreSQL and demo data.
test.use({ baseURL: REAL_SERVER });
// What these tests provoke on purpose: a sign-in refused (an account not active yet), a refresh token
// spent elsewhere (the session ends, and the live updates' token with it).
test.use({
  expectedApiErrors: expectApiErrors(
    { status: 400, request: /^POST \/api\/auth\/token\/$/ },
    { status: 401, request: /^POST \/api\/auth\/token\/$/ },
    { status: 401, request: /^POST \/api\/auth\/session$/ },
    { status: 401, request: /^GET \/api\/events\// },
    // A reset link used once already.
    { status: 400, request: /^POST \/api\/user\/forgot_password\/token$/ },
  ),
});

const DEMO_USER = DEMO_USERS.user;

interface StoredSession {
  accessToken: string | null;
  refreshToken: string | null;
}

const storedSession = async (page: Page): Promise<StoredSession> =>
  page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('persist:timberlog') ?? '{}') as { session?: string };
    return JSON.parse(saved.session ?? '{}') as StoredSession;
  });

const signIn = async (page: Page, email: string, password: string) => {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/**
 * Waits until the access token has expired by its own `exp` claim (the server's short browser-test
 * lifetime). The page's fake clock is no help here: the tokens it would get afterwards would look
 * expired at once, and the server checks real time.
 */
const untilExpired = async (token: string | null) => {
  const { exp = 0 } = decodeJwt(token ?? '');
  await expect.poll(() => Date.now() / 1000 > exp + 1, { timeout: (SHORT_TOKEN_TTL_SECONDS + 10) * 1000, intervals: [250] }).toBe(true);
};

const noErrorScreen = async (page: Page) => {
  await expect(page.getByText('This screen could not be shown')).toHaveCount(0);
};

test("the app runs under the server's Content-Security-Policy: an injected inline script is blocked and reported", async ({
  page,
  cspViolations,
}) => {
  const response = await page.goto('/auth/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
  });
  await expect.poll(() => cspViolations.length).toBe(1);
  expect(cspViolations[0]).toContain('script-src');
  expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
  // The violation was this test's point; any other test fails on one.
  cspViolations.length = 0;
});

test('sign up: the account awaits activation by staff', async ({ page }) => {
  const email = `new.user.${Date.now()}@example.com`;
  await page.goto('/auth/signup');
  await page.getByLabel('Name').fill('Uus Kasutaja');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Kuusk-ja-Mand-7');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The account ${email} awaits activation by staff.` })).toBeVisible();

  // It cannot sign in until staff activate it.
  await page.goto('/auth/login');
  await signIn(page, email, 'Kuusk-ja-Mand-7');
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toContainText('not active yet');

  // The mailed link confirms the address once and lands on the sign-in page, which says so.
  const link = await readConfirmationLink(email);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL('/auth/login?emailVerified=1');
  await expect(page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' })).toBeVisible();
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('alert')).toContainText('This confirmation link is invalid, already used or expired.');
});

test('sign in as the demo user, back where the visitor was going', async ({ page }) => {
  await page.goto('/waybills');
  await expect(page).toHaveURL('/auth/login');
  await signIn(page, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL('/waybills');
  await expect(page.getByRole('heading', { level: 1, name: 'Waybills' })).toBeVisible();
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(DEMO_USER.email);
  await noErrorScreen(page);
});

test('forgot password: the mailed link sets a new password that signs in', async ({ page }) => {
  // A staff account of its own (the demo's second one): the other tests sign in as staff@timberlog.ee with its password.
  const email = 'mari.mets@timberlog.ee';
  const newPassword = `Uus-parool-${Date.now()}`;
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The sign-in page has an Email field too: fill the forgot-password form's.
  const forgot = page.getByRole('form', { name: 'Forgot password' });
  await forgot.getByLabel('Email').fill(email);
  // The answer is awaited for as long as the test may take (CI runs the server tests beside these),
  // and checked, so a failure says whether the server or the screen let it down.
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/user/forgot_password'));
  await forgot.getByRole('button', { name: 'Send link' }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists for that address' })).toBeVisible();

  const link = await readResetLink(email);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();

  // The link works once.
  await page.reload();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('form', { name: 'Set a new password' }).getByRole('alert')).toBeVisible();

  // The form still holds what was typed: leaving asks first, in words a visitor's page has.
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Leave' }).click();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL('/');
  // Staff see the admin links.
  await expect(page.getByRole('link', { name: 'Admin panel' })).toBeVisible();
});

// Tests that wait an access token out run against a second real server whose tokens live 8 seconds
// (scripts/e2e-server.mjs); every other test has the product's 5 minutes, so no renewal happens
// in the middle of what it checks unless it means one to.
test.describe('with access tokens that live 8 seconds', () => {
  test.use({ baseURL: SHORT_TOKEN_SERVER });

  test('an expired access token is refreshed silently and the next call succeeds', async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page, DEMO_USER.email, DEMO_USER.password);
    await expect(page).toHaveURL('/');
    const before = await storedSession(page);
    expect(before.accessToken).toBeTruthy();

    await untilExpired(before.accessToken);
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/session'));
    const me = page.waitForResponse((response) => response.url().endsWith('/api/user/me'));
    await page.goto('/account');
    expect((await refreshed).status()).toBe(200);
    expect((await me).status()).toBe(200);
    await expect(page.getByLabel('Email')).toHaveValue(DEMO_USER.email);
    const after = await storedSession(page);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    await noErrorScreen(page);
  });

  test('a renewal whose answer is lost (the page reloads in the middle of it) keeps the session', async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page, DEMO_USER.email, DEMO_USER.password);
    await expect(page).toHaveURL('/');
    const before = await storedSession(page);

    const renewals: { refresh: string; key: string | null; status: number }[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('/api/auth/session')) return;
      const request = response.request();
      renewals.push({
        refresh: (request.postDataJSON() as { refresh: string }).refresh,
        key: await request.headerValue('idempotency-key'),
        status: response.status(),
      });
    });
    // The next renewal reaches the server, which spends the refresh token, but its answer never
    // reaches the page.
    let lost: { refresh: string; key: string | null; status: number } | null = null;
    await page.route(
      '**/api/auth/session',
      async (route) => {
        const answer = await route.fetch();
        lost = {
          refresh: (route.request().postDataJSON() as { refresh: string }).refresh,
          key: await route.request().headerValue('idempotency-key'),
          status: answer.status(),
        };
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await untilExpired(before.accessToken);
    await page.getByRole('link', { name: 'Account' }).click();
    await expect.poll(() => lost, { timeout: 10_000 }).not.toBeNull();
    expect(lost).toMatchObject({ refresh: before.refreshToken, status: 200 });
    // The page is reloaded at once: it holds only the spent token, and asks again with the same key.
    await page.reload();
    await expect(page).toHaveURL('/account');
    await expect(page.getByLabel('Email')).toHaveValue(DEMO_USER.email);
    const retry = renewals.find((renewal) => renewal.refresh === before.refreshToken);
    expect(retry).toMatchObject({ key: lost!.key, status: 200 });
    const after = await storedSession(page);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    await noErrorScreen(page);
  });

  test('a revoked refresh token ends the session without an error page', async ({ page, request }) => {
    await page.goto('/auth/login');
    await signIn(page, DEMO_USER.email, DEMO_USER.password);
    await expect(page).toHaveURL('/');
    const { accessToken, refreshToken } = await storedSession(page);
    expect(refreshToken).toBeTruthy();

    // Someone uses the refresh token elsewhere: it rotates, so the stored one is spent.
    const rotated = await request.post(`${SHORT_TOKEN_SERVER}/api/auth/token/refresh/`, { data: { refresh: refreshToken } });
    expect(rotated.status()).toBe(200);

    const sessionCalls: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/session')) sessionCalls.push(response.status());
    });
    await untilExpired(accessToken);
    // The app finds out with its next call: this navigation's, or the live updates renewing their
    // token, whichever comes first (then the app's own reload may cut this navigation short).
    await page.goto('/account').catch(() => undefined);
    await expect.poll(() => sessionCalls).toEqual([401]);
    // Signed out and reloaded: the sign-in page, no error.
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL('/auth/login');
    expect(await storedSession(page)).toMatchObject({ accessToken: null, refreshToken: null });
    await noErrorScreen(page);
  });

  test('two tabs stay signed in across several token expiries, and signing out in one signs out the other', async ({ context, page }) => {
    test.setTimeout(90_000);
    await page.goto('/auth/login');
    await signIn(page, DEMO_USER.email, DEMO_USER.password);
    await expect(page).toHaveURL('/');
    const other = await context.newPage();
    await other.goto('/waybills');
    await page.goto('/waybills');
    const tabs = [page, other];
    for (const tab of tabs) await expect(tab.getByRole('heading', { level: 1, name: 'Waybills' })).toBeVisible();

    // Moves a tab one list page on inside the app (no reload: the tab's own tokens in memory are used).
    const nextPage = async (tab: Page) => {
      const answer = tab.waitForResponse((response) => new URL(response.url()).pathname === '/api/waybills/');
      await tab.getByRole('button', { name: 'Next page' }).click();
      expect((await answer).status()).toBe(200);
    };

    const refreshes: number[] = [];
    for (const tab of tabs)
      tab.on('response', (response) => response.url().endsWith('/api/auth/session') && refreshes.push(response.status()));
    for (let expiry = 0; expiry < 3; expiry += 1) {
      await untilExpired((await storedSession(page)).accessToken);
      // Both tabs call at once after the expiry; in turn the first to call differs.
      const order = expiry % 2 === 0 ? tabs : [...tabs].reverse();
      await Promise.all(order.map((tab) => nextPage(tab)));
    }
    // One refresh per expiry between the two tabs, none refused; neither tab was signed out.
    expect(refreshes).toEqual([200, 200, 200]);
    for (const tab of tabs) {
      await expect(tab).toHaveURL(/\/waybills/);
      await noErrorScreen(tab);
    }

    await other.getByRole('button', { name: 'Sign out' }).click();
    await expect(other).toHaveURL('/auth/login');
    // The first tab follows without a reload: its next call would have no session.
    await expect(page).toHaveURL(/\/auth\/login/);
    expect(await storedSession(page)).toMatchObject({ accessToken: null, refreshToken: null });
  });
});

test('screenshots of the auth screens: light and dark, English and Estonian', async ({ browser }) => {
  test.skip(!SHOTS, 'pictures for people to look at: npm run screenshots');
  test.setTimeout(90_000);
  const screens = [
    ['login', '/auth/login'],
    ['signup', '/auth/signup'],
    ['forgot-password', '/auth/forgot-password'],
    ['reset-password', '/auth/reset-password?token=example'],
  ] as const;
  for (const theme of ['light', 'dark'] as const) {
    for (const locale of ['en', 'et'] as const) {
      const context = await browser.newContext({ colorScheme: theme, baseURL: REAL_SERVER });
      await context.addInitScript((lng) => {
        if (localStorage.getItem('persist:timberlog')) return;
        localStorage.setItem(
          'persist:timberlog',
          JSON.stringify({
            preferences: JSON.stringify({ locale: lng, theme: null }),
            _persist: JSON.stringify({ version: -1, rehydrated: true }),
          }),
        );
      }, locale);
      const page = await context.newPage();
      for (const [name, path] of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await shoot(page, `auth-${name}-${theme}-${locale}`);
      }
      // A failed sign-in, and the account page once signed in.
      await page.goto('/auth/login');
      await page.locator('input[name=email]').fill(DEMO_USER.email);
      await page.locator('input[name=password]').fill('Wrong-password-1');
      await page.locator('button[type=submit]').click();
      await expect(page.getByRole('form').getByRole('alert')).toBeVisible();
      await shoot(page, `auth-login-error-${theme}-${locale}`);
      await page.locator('input[name=password]').fill(DEMO_USER.password);
      await page.locator('button[type=submit]').click();
      await expect(page).toHaveURL('/');
      await page.goto('/account');
      await expect(page.locator('input[name=name]')).toBeVisible();
      await shoot(page, `account-${theme}-${locale}`);
      await context.close();
    }
  }
});
