import type { APIRequestContext } from '@playwright/test';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

import { expect, shoot, test, type Page } from './fixtures';

import { REAL_SERVER } from './realServer';
import { EVR_READY } from './evrFields';

// Mistakes that can be undone, against the real server (scripts/e2e-server.mjs): a bulk confirm's
// preview lists the waybills it will change and is checked again when a colleague changes one of
// them; its results offer staff to undo it, as one more bulk action with a reason each waybill's
// history keeps; the list then marks the rows. A cancel says before it runs that it cannot be undone.
// Each test makes its own waybills (a driver's name of its own picks them).
test.use({ baseURL: REAL_SERVER });

const STAFF = DEMO_USERS.staff;
const USER = DEMO_USERS.user;
type Who = typeof STAFF;

interface Waybill {
  readonly number: string;
  readonly status: string;
  readonly version: number;
  readonly vehicleNumber: string;
  readonly driverName: string;
  readonly [field: string]: unknown;
}
interface Page_<T> {
  readonly count: number;
  readonly results: T[];
}

/** The API as `who`: reads, creates, and changes with the version read (If-Match), as the server requires. */
const api = async (request: APIRequestContext, who: Who) => {
  const login = await request.post(`${REAL_SERVER}/api/auth/token/`, { data: who });
  expect(login.status()).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };
  return {
    get: async <T>(path: string): Promise<T> => {
      const res = await request.get(`${REAL_SERVER}${path}`, { headers });
      expect(res.status(), `GET ${path}`).toBe(200);
      return (await res.json()) as T;
    },
    create: async (data: unknown): Promise<Waybill> => {
      const res = await request.post(`${REAL_SERVER}/api/waybills/`, { headers, data });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as Waybill;
    },
    patch: async (waybill: Waybill, data: unknown): Promise<Waybill> => {
      const res = await request.patch(`${REAL_SERVER}/api/waybills/${waybill.number}/`, {
        headers: { ...headers, 'If-Match': `"${waybill.version}"` },
        data,
      });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as Waybill;
    },
  };
};

const signIn = async (page: Page, who: Who) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
};

/** `n` new drafts of a driver no other test has, each on a vehicle of its own, like a demo waybill. */
const newDrafts = async (request: APIRequestContext, what: string, n: number): Promise<Waybill[]> => {
  const staff = await api(request, STAFF);
  const like = (await staff.get<Page_<Record<string, unknown>>>('/api/waybills/?pageSize=1')).results[0]!;
  const driver = `${what} ${Date.now().toString(36)}`;
  const drafts: Waybill[] = [];
  for (let i = 0; i < n; i++) {
    drafts.push(
      await staff.create({
        transportDate: like.transportDate,
        origin: like.origin,
        destination: like.destination,
        driverName: driver,
        vehicleNumber: `${700 + i} UND`,
        mileage: 120 + i,
        assortment: like.assortment,
        quantity: '21.500',
        notes: '',
        // Ready for EVR, so that it can be confirmed (the transporter: the office's own company).
        ...EVR_READY,
      }),
    );
  }
  return drafts;
};

/** The list of these waybills only, all of them picked. */
const pickAll = async (page: Page, drafts: readonly Waybill[]) => {
  await page.goto(`/waybills?${new URLSearchParams({ driverName: drafts[0]!.driverName, sort: 'number' }).toString()}`);
  const table = page.getByRole('table', { name: 'Waybills' });
  await expect(table.getByRole('row')).toHaveCount(drafts.length + 1);
  await table.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  return table;
};

test('staff confirm three drafts, a colleague changes one meanwhile, and staff undo the confirm with a reason', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const drafts = await newDrafts(request, 'Undo', 3);
  const [first, moved, third] = drafts as [Waybill, Waybill, Waybill];
  await signIn(page, STAFF);
  const table = await pickAll(page, drafts);

  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Confirm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm waybills' });
  await expect(dialog.getByText('3 waybills will be confirmed.')).toBeVisible();
  // The preview lists each waybill with enough to recognise it.
  const listed = dialog.getByRole('table', { name: 'Waybills the action will change' });
  await expect(listed.getByRole('row')).toHaveCount(4);
  await expect(listed.getByRole('row', { name: new RegExp(first.number) })).toContainText(`${first.vehicleNumber} · ${first.driverName}`);
  await expect(listed.getByRole('row', { name: new RegExp(first.number) })).toContainText('from Draft to Confirmed');
  await expect(dialog.getByText('If this is a mistake, you can undo it from the results, with a reason.')).toBeVisible();
  await shoot(page, 'bulk-preview');

  // A colleague edits the second one while the preview is open: the preview is checked again.
  await (await api(request, USER)).patch(moved, { notes: 'Loaded on another truck' });
  await expect(dialog.getByText('Checked again: a waybill was changed meanwhile.')).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByText('2 waybills will be confirmed.')).toBeVisible();
  await expect(
    dialog.getByRole('table', { name: 'Waybills the action cannot change' }).getByRole('row', { name: new RegExp(moved.number) }),
  ).toContainText(USER.name);
  await shoot(page, 'bulk-preview-rechecked');

  await dialog.getByRole('button', { name: 'Confirm 2 waybills' }).click();
  // The dialog's whole text on a failure: what it shows instead.
  await expect(dialog).toContainText('2 waybills confirmed.', { timeout: 30_000 });
  await expect(dialog.getByRole('table', { name: 'Waybills changed' }).getByRole('row')).toHaveCount(3);
  await shoot(page, 'bulk-result');

  await dialog.getByRole('button', { name: 'Undo this action' }).click();
  const undo = page.getByRole('dialog', { name: 'Undo: Confirm waybills' });
  await expect(undo.getByText('2 waybills will go back to their status before.')).toBeVisible();
  await expect(undo.getByText('2 of them need a reason: give one below.')).toBeVisible();
  await expect(undo.getByRole('button', { name: 'Undo 0 changes' })).toBeDisabled();
  await undo.getByLabel('Reason (required)').fill('Confirmed the wrong trucks');
  await shoot(page, 'bulk-undo-preview');
  await undo.getByRole('button', { name: 'Undo 2 changes' }).click();
  await expect(undo).toContainText('2 waybills are back in their status before.', { timeout: 30_000 });
  await shoot(page, 'bulk-undo-result');
  await undo.getByRole('button', { name: 'Done' }).click();
  await expect(undo).toBeHidden();

  // The list marks the rows the undo changed: drafts again.
  const marked = table.getByRole('row', { description: 'Changed by your last action' });
  await expect(marked).toHaveCount(2);
  await expect(marked.nth(0)).toContainText(first.number);
  await expect(marked.nth(1)).toContainText(third.number);
  await expect(marked.nth(0)).toContainText('Draft');
  await shoot(page, 'bulk-list-marked');

  // On the server: drafts again, the undo in each history as one more bulk change with its reason.
  const staff = await api(request, STAFF);
  for (const waybill of [first, third]) {
    const now = await staff.get<Waybill>(`/api/waybills/${waybill.number}/`);
    expect(now.status).toBe('draft');
    const history = await staff.get<
      Page_<{ via: string; reason: string | null; changes: { field: string; before: string; after: string }[] }>
    >(`/api/waybills/${waybill.number}/history/`);
    // The people's changes (EVR's answers between and after them are its own entries, via EVR).
    const statuses = history.results
      .filter((entry) => entry.via !== 'evr')
      .slice(0, 2)
      .map((entry) => [entry.via, entry.reason, entry.changes.filter((change) => change.field === 'status')]);
    expect(statuses).toEqual([
      ['bulk', 'Confirmed the wrong trucks', [{ field: 'status', before: 'confirmed', after: 'draft' }]],
      ['bulk', null, [{ field: 'status', before: 'draft', after: 'confirmed' }]],
    ]);
  }
  expect((await staff.get<Waybill>(`/api/waybills/${moved.number}/`)).status).toBe('draft');
});

test('a bulk cancel says before it runs that it cannot be undone, in red, and Close leaves the waybills as they are', async ({
  page,
  request,
}) => {
  const drafts = await newDrafts(request, 'Keep', 2);
  await signIn(page, USER);
  await pickAll(page, drafts);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel waybills' });
  await expect(
    dialog.getByText('This cannot be undone: a cancelled waybill stays cancelled, and cannot be edited, delivered or invoiced.'),
  ).toBeVisible();
  const run = dialog.getByRole('button', { name: 'Cancel 2 waybills' });
  // Red: the danger fill, as the single cancel's button.
  await expect(run).toHaveCSS('background-color', 'rgb(180, 35, 24)');
  await shoot(page, 'bulk-cancel-preview');
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();
  const user = await api(request, USER);
  for (const waybill of drafts) expect((await user.get<Waybill>(`/api/waybills/${waybill.number}/`)).status).toBe('draft');
});
