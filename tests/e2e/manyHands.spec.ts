import type { APIRequestContext, Browser } from '@playwright/test';

import { expect, test, type Page } from './fixtures';

import { REAL_SERVER } from './realServer';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { EVR_READY } from './evrFields';

// Several people on the same records, against the real server (scripts/e2e-server.mjs): a save
// that meets a colleague's keeps both edits through the conflict view; a colleague's change shows
// in an open list and page without a reload; staff correct a delivered waybill with a reason.
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
const personAt = async (browser: Browser, who: Who): Promise<Page> => {
  const context = await browser.newContext({ baseURL: REAL_SERVER });
  const page = await context.newPage();
  await signIn(page, who);
  return page;
};

/** The API as `who`, with the method and body asked for. */
const api = async (request: APIRequestContext, who: Who) => {
  const login = await request.post(`${REAL_SERVER}/api/auth/token/`, { data: who });
  const { access } = (await login.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };
  return {
    get: async <T>(path: string) => (await (await request.get(`${REAL_SERVER}${path}`, { headers })).json()) as T,
    /** A change of a record goes with the version it was made over (`version`, as If-Match), as the server requires. */
    send: async <T>(method: 'POST' | 'PATCH', path: string, data: unknown, status: number, version?: number) => {
      const res = await request.fetch(`${REAL_SERVER}${path}`, {
        method,
        headers: version === undefined ? headers : { ...headers, 'If-Match': `"${version}"` },
        data,
      });
      expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(status);
      return (await res.json()) as T;
    },
  };
};

interface Waybill {
  readonly number: string;
  readonly quantity: string;
  readonly notes: string;
  readonly status: string;
  readonly version: number;
}

/** A new draft of the user's own, a copy of one the demo has: no other test's waybill is touched. */
const newDraft = async (request: APIRequestContext, notes: string): Promise<Waybill> => {
  const user = await api(request, USER);
  const { results } = await user.get<{ results: Record<string, unknown>[] }>('/api/waybills/?statusIn=draft&pageSize=1');
  const { transportDate, origin, destination, destinationCompany, vehicleNumber, mileage, assortment } = results[0] ?? {};
  return user.send<Waybill>(
    'POST',
    '/api/waybills/',
    // A driver of its own: the newest draft may be another test's, running beside this one, whose
    // list filters by its driver.
    {
      transportDate,
      origin,
      destination,
      destinationCompany,
      driverName: `Hands ${Date.now().toString(36)}`,
      vehicleNumber,
      mileage,
      assortment,
      quantity: '20.000',
      notes,
      // Ready for EVR, so that it can be confirmed (the transporter: the office's own company).
      ...EVR_READY,
    },
    201,
  );
};

test('two people edit the same waybill: the second save meets the first in the conflict view and keeps both edits', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const draft = await newDraft(request, 'Before');
  const staff = await personAt(browser, STAFF);
  const user = await personAt(browser, USER);
  await staff.goto(`/waybills/${draft.number}/edit`);
  await user.goto(`/waybills/${draft.number}/edit`);

  // The user starts typing a note; meanwhile staff correct the quantity and save.
  await user.getByLabel('Notes').fill('Gate checked');
  await staff.getByLabel('Quantity').fill('24.5');
  await staff.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(staff).toHaveURL(`/waybills/${draft.number}`);

  // The user's form says so before any save (the live stream), then the save meets the conflict.
  await expect(user.getByText('Changed by Kati Kask just now.')).toBeVisible({ timeout: 5000 });
  await user.getByRole('button', { name: 'Save', exact: true }).click();
  const conflict = user
    .getByRole('alert')
    .filter({ has: user.getByRole('heading', { name: 'Someone else saved this record while you were editing' }) });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByRole('row', { name: /Quantity/ })).toContainText('24.5');
  await expect(conflict.getByRole('row', { name: /Notes/ })).toContainText('Gate checked');
  await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
  await expect(user).toHaveURL(`/waybills/${draft.number}`);

  const saved = await (await api(request, STAFF)).get<Waybill>(`/api/waybills/${draft.number}/`);
  expect(saved).toMatchObject({ quantity: '24.500', notes: 'Gate checked' });
  await staff.context().close();
  await user.context().close();
});

/** In `page` (a colleague's browser), edits the waybill's form and saves it; resolves when the save is done. */
const saveInForm = async (page: Page, number: string, field: 'Notes' | 'Quantity', value: string) => {
  await page.goto(`/waybills/${number}/edit`);
  await page.getByLabel(field).fill(value);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(`/waybills/${number}`);
};

test('a colleague’s change in another browser shows in an open waybill page and in its row of a list within 2 s, without a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const draft = await newDraft(request, 'Seen live');
  const watcher = await personAt(browser, STAFF);
  const colleague = await personAt(browser, USER);
  await watcher.goto(`/waybills/${draft.number}`);
  await expect(watcher.locator('dl').getByText('Seen live')).toBeVisible();
  // The change must come over the stream: a reload of the watcher's page fails the test.
  let loads = 0;
  watcher.on('load', () => (loads += 1));

  await saveInForm(colleague, draft.number, 'Notes', 'Changed elsewhere');
  await expect(watcher.locator('dl').getByText('Changed elsewhere')).toBeVisible({ timeout: 2000 });
  expect(loads).toBe(0);

  // The list does not move under the pointer: the row on screen takes the new value where it
  // stands, and the list says what changed (its order and filters anew when asked).
  await watcher.goto('/waybills?search=' + encodeURIComponent(draft.number));
  const table = watcher.getByRole('table', { name: 'Waybills' });
  await expect(table.getByText(draft.number)).toBeVisible();
  await expect(table).toContainText('20.000');
  loads = 0;
  await saveInForm(colleague, draft.number, 'Quantity', '21.5');
  const notice = watcher.getByRole('status').filter({ hasText: /waybills? changed or added/ });
  await expect(notice).toBeVisible({ timeout: 2000 });
  await expect(notice).toContainText('1 waybill changed or added');
  await expect(table).toContainText('21.500', { timeout: 2000 });
  await notice.getByRole('button', { name: 'Show' }).click();
  await expect(notice).toHaveCount(0);
  await expect(table).toContainText('21.500');
  expect(loads).toBe(0);
  await watcher.context().close();
  await colleague.context().close();
});

test('staff return a delivered waybill to confirmed with a reason, which its history keeps', async ({ page, request }) => {
  test.setTimeout(60_000);
  const draft = await newDraft(request, 'To correct');
  const user = await api(request, USER);
  const confirmed = await user.send<Waybill>('PATCH', `/api/waybills/${draft.number}/`, { status: 'confirmed' }, 200, draft.version);
  expect(confirmed.status).toBe('confirmed');
  // EVR's answer to the confirm moves the waybill on: delivered on the version after it.
  const sent = await expect
    .poll(async () => (await user.get<Waybill & { evrSync: string | null }>(`/api/waybills/${draft.number}/`)).evrSync, { timeout: 30_000 })
    .toBeNull()
    .then(() => user.get<Waybill>(`/api/waybills/${draft.number}/`));
  await user.send('PATCH', `/api/waybills/${draft.number}/`, { status: 'delivered' }, 200, sent.version);

  await signIn(page, STAFF);
  await page.goto(`/waybills/${draft.number}`);
  // EVR has it unloaded first (the jobs of the confirm and the delivery): staff correct what they see settled.
  await expect(page.getByRole('region', { name: 'EVR' }).getByText('Unloaded').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Return to confirmed' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /Return to confirmed/ }).click();
  await expect(dialog.getByText('Say why the waybill goes back to confirmed.')).toBeVisible();
  await dialog.getByLabel(/Reason/).fill('Wrong quantity; the mill weighed again.');
  await dialog.getByRole('button', { name: /Return to confirmed/ }).click();
  await expect(page.locator('dl').getByText('Confirmed', { exact: true })).toBeVisible();

  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Reason: Wrong quantity; the mill weighed again.')).toBeVisible();
  await expect(history.getByText('Kati Kask changed').first()).toBeVisible();
});
