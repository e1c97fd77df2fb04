import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page, expectApiErrors } from './fixtures';
import { seriousViolations } from './axe';

import { REAL_SERVER, REAL_SERVER_DATA_DIR } from './realServer';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

// User management and the admin panel against the real server (scripts/e2e-server.mjs) on its demo data.
test.use({ baseURL: REAL_SERVER });
// An ordinary user opening a staff account's address: the server answers that it is not there for them.
test.use({
  expectedApiErrors: expectApiErrors(
    { status: 404, request: /^GET \/api\/user\/[^/?]+\/$/ },
    { status: 403, request: /^GET \/api\/user\/[^/?]+\/$/ },
    // The new-user form's rules as the server checks them, and a company others refer to.
    { status: 400, request: /^POST \/api\/user\/$/ },
    { status: 400, request: /^DELETE \/api\/admin\/companies\/[^/?]+$/ },
  ),
});

const STAFF = DEMO_USERS.staff;
const USER = DEMO_USERS.user;
/** A demo invoice customer: its waybills and warehouses refer to it. */
const REFERENCED_COMPANY = 'Järva Saeveski AS';

const fillSignIn = async (page: Page, email: string, password: string) => {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

const signIn = async (page: Page, account: { email: string; password: string }) => {
  await page.goto('/auth/login');
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL('/');
};

/** The email confirmation link mailed to `email` (the server's outbox), or null while there is none. */
const findVerifyLink = (email: string): string | null => {
  const outbox = join(REAL_SERVER_DATA_DIR, 'outbox');
  let names: string[] = [];
  try {
    names = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return null;
  }
  for (const name of names.sort().reverse()) {
    // Quoted-printable bodies: join soft line breaks and decode `=3D` before reading the link.
    const text = readFileSync(join(outbox, name), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!text.toLowerCase().includes(email.toLowerCase())) continue;
    const link = /https?:\/\/[^\s"<>]+\/api\/user\/verify_email\?token=[\w-]+/.exec(text)?.[0];
    if (link) return link;
  }
  return null;
};

test('an anonymous visitor of the admin panel signs in and comes back to it', async ({ page }) => {
  await page.goto('/adminpanel');
  await expect(page).toHaveURL('/auth/login');
  await fillSignIn(page, STAFF.email, STAFF.password);
  await expect(page).toHaveURL('/adminpanel');
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
});

test('an ordinary user sees only their own account and cannot reach the staff screens', async ({ page }) => {
  await signIn(page, USER);
  await expect(page.getByRole('link', { name: 'Admin panel' })).toHaveCount(0);
  await page.goto('/users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByText(USER.email)).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'New user' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Awaiting activation' })).toHaveCount(0);

  await page.goto('/users/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff only' })).toBeVisible();
  await expect(page.getByRole('form')).toHaveCount(0);

  await page.goto(`/users/${encodeURIComponent(STAFF.email)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'User not found or not allowed' })).toBeVisible();

  await page.goto('/adminpanel');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff only' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a sign-up waits under Awaiting activation; staff activate it; the person signs in', async ({ page, browser }) => {
  const email = `admin.e2e.${Date.now()}@example.com`;
  const password = 'Kuusk-ja-Mand-7';
  await page.goto('/auth/signup');
  await page.getByLabel('Name').fill('Uus Metsamees');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'awaits activation' })).toBeVisible();
  // The person confirms their address from the mail first: staff cannot activate an unconfirmed one.
  await expect.poll(() => findVerifyLink(email), { timeout: 10_000 }).not.toBeNull();
  await page.goto(findVerifyLink(email) ?? '');

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, STAFF);
  await staff.getByRole('link', { name: 'Users' }).first().click();
  await staff.getByRole('button', { name: 'Awaiting activation' }).click();
  await expect(staff).toHaveURL(/isActive=false/);
  const row = staff.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
  // The row also holds an Activate button (in its middle): open the account from its email.
  await row.getByText(email).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Uus Metsamees' })).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
  await staff.getByRole('checkbox', { name: 'Active (can sign in)' }).check();
  await staff.getByRole('button', { name: 'Save changes' }).click();
  await expect(staff.getByText(`Saved ${email}.`)).toBeVisible();
  await staffContext.close();

  await page.goto('/auth/login');
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL('/');
});

test('staff see their own flags and deletion disabled with the reason; the new-user form checks the rules', async ({ page }) => {
  await signIn(page, STAFF);
  await page.goto(`/users/${encodeURIComponent(STAFF.email)}`);
  await expect(page.getByRole('checkbox', { name: /^Staff/ })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Active (can sign in)' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete user' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/users/new');
  const form = page.getByRole('form', { name: 'New user' });
  await form.getByLabel('Email').fill(USER.email);
  await form.getByLabel('Name').fill('Teine Tarmo');
  await form.getByLabel('Password').fill('Kuusk-ja-Mand-7');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(form.getByText('A user with this email already exists.')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Teine Tarmo');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a warehouse added in the admin panel is offered at once in a new waybill', async ({ page }) => {
  const code = `E2E${Date.now() % 1_000_000}`;
  await signIn(page, STAFF);
  await page.getByRole('link', { name: 'Admin panel' }).click();
  await page.getByRole('link', { name: 'Warehouses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Warehouses' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'New warehouse' }).click();
  const form = page.getByRole('form', { name: 'New warehouse' });
  await form.getByLabel('Name', { exact: true }).fill(`Laoplats ${code}`);
  await form.getByLabel('Company registry code').fill('1');
  await form.getByLabel('Origin code').fill(code);
  await form.getByRole('button', { name: 'Create' }).click();
  // The contract's pattern is checked before sending; nothing typed is lost.
  await expect(form.getByText('Enter the 8-digit registry code.')).toBeVisible();
  await expect(form.getByLabel('Origin code')).toHaveValue(code);
  expect(await seriousViolations(page)).toEqual([]);

  // A real company's code, read from the companies section.
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Companies' }).click();
  // As shown: the cell's label (for phone cards) is hidden on a wide screen.
  const firstCell = page.getByRole('table', { name: 'Companies' }).locator('tbody tr td').first();
  // Once the rows have loaded (a loading row's cells are empty); the cell's text holds its hidden label too.
  await expect(firstCell).toHaveText(/\d{8}\s*$/);
  const registryCode = /\d{8}/.exec(await firstCell.innerText())?.[0] ?? '';
  expect(registryCode).toMatch(/^\d{8}$/);
  await page.getByRole('link', { name: 'Warehouses' }).click();
  await page.getByRole('button', { name: 'New warehouse' }).click();
  await form.getByLabel('Name', { exact: true }).fill(`Laoplats ${code}`);
  await form.getByLabel('Company registry code').fill(registryCode);
  await form.getByLabel('Origin code').fill(code);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toHaveCount(0);

  // Within the same page load: the origin picker offers the new warehouse.
  await page.getByRole('link', { name: 'Waybills' }).first().click();
  await page.getByRole('link', { name: 'New waybill' }).click();
  await page.getByRole('combobox', { name: 'Origin', exact: true }).fill(code);
  await expect(page.getByRole('option').filter({ hasText: `Laoplats ${code}` })).toBeVisible();
});

test('deleting a company that others refer to is refused with the server message', async ({ page }) => {
  await signIn(page, STAFF);
  await page.goto('/adminpanel/companies');
  await page.getByRole('searchbox', { name: 'Search' }).fill(REFERENCED_COMPANY);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole('table', { name: 'Companies' }).locator('tbody tr')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: `Delete ${REFERENCED_COMPANY}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/Cannot delete: referred to by .*waybills/);
  // The dialog itself: the page behind the modal's backdrop is dimmed on purpose.
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(
    violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id),
  ).toEqual([]);
  await dialog.getByRole('button', { name: 'Keep' }).click();
  await expect(page.getByRole('table', { name: 'Companies' }).getByText(REFERENCED_COMPANY)).toBeVisible();
});
