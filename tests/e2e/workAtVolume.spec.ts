import ExcelJS from 'exceljs';

import { expect, expectApiErrors, test, type Page } from './fixtures';

import { REAL_SERVER, realApi } from './realServer';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { EVR_READY } from './evrFields';

// Work at volume against the real server (scripts/e2e-server.mjs): a bulk action on thirty drafts
// picked by the list's filters, imports of waybills and of worklogs with a bad row fixed and
// imported again, and another trip like a waybill. Each test makes its own waybills (a driver's name of its own picks them).
test.use({ baseURL: REAL_SERVER });

const DEMO_USER = DEMO_USERS.user;

interface Waybill {
  number: string;
  status: string;
  transportDate: string;
  origin: string;
  destination: string;
  destinationCompany: string;
  driverName: string;
  vehicleNumber: string;
  mileage: number;
  assortment: string;
  quantity: string;
}
interface Page_<T> {
  count: number;
  results: T[];
}

const signIn = async (page: Page) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
};

/** A driver's name no other test or demo waybill has. */
const driverOfOwn = (what: string) => `${what} ${Date.now().toString(36)}`;

/** A demo waybill's places and assortment (they exist in the reference data). */
const like = async (api: Awaited<ReturnType<typeof realApi>>) => (await api.get<Page_<Waybill>>('/api/waybills/?pageSize=1')).results[0]!;

test('confirm thirty drafts in one action: all that match the filters, the preview, the results', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await realApi(request, DEMO_USER);
  const base = await like(api);
  const driver = driverOfOwn('Bulk');
  for (let i = 0; i < 30; i++) {
    await api.post('/api/waybills/', {
      transportDate: base.transportDate,
      origin: base.origin,
      destination: base.destination,
      driverName: driver,
      vehicleNumber: '123ABC',
      mileage: 100 + i,
      assortment: base.assortment,
      quantity: '20.000',
      notes: '',
      ...EVR_READY,
    });
  }
  await signIn(page);
  const query = new URLSearchParams({ statusIn: 'draft', driverName: driver, pageSize: '10' });
  await page.goto(`/waybills?${query.toString()}`);
  const table = page.getByRole('table', { name: 'Waybills' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await table.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.getByRole('button', { name: 'Select all 30 waybills matching the filters' }).click();
  await expect(page.getByText('All 30 waybills matching the filters are selected.')).toBeVisible();

  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Confirm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm waybills' });
  await expect(dialog.getByText('30 waybills will be confirmed.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm 30 waybills' }).click();
  await expect(dialog.getByText('30 waybills confirmed.')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The list (drafts of this driver) reads again: none are left.
  await expect(page.getByText('No waybills match.')).toBeVisible();
  const confirmed = await api.get<Page_<Waybill>>(
    `/api/waybills/?${new URLSearchParams({ statusIn: 'confirmed', driverName: driver, pageSize: '1' }).toString()}`,
  );
  expect(confirmed.count).toBe(30);
  const history = await api.get<Page_<{ via: string }>>(`/api/waybills/${encodeURIComponent(confirmed.results[0]!.number)}/history/`);
  expect(history.results.some((entry) => entry.via === 'bulk')).toBe(true);
});

test('import a spreadsheet with one bad row, fix it and import again', async ({ page, request }) => {
  test.setTimeout(90_000);
  const api = await realApi(request, DEMO_USER);
  const base = await like(api);
  const driver = driverOfOwn('Import');
  const csv = (quantity: string) =>
    [
      'Transport date,Origin,Destination,Driver,Vehicle,Mileage (km),Assortment,Quantity',
      `${base.transportDate},${base.origin},${base.destination},${driver},123ABC,180,${base.assortment},12.500`,
      `${base.transportDate},${base.origin},${base.destination},${driver},123ABC,180,${base.assortment},${quantity}`,
    ].join('\r\n');

  await signIn(page);
  await page.goto('/waybills');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import waybills' });
  const input = dialog.getByLabel('Spreadsheet (CSV or Excel)');
  await input.setInputFiles({ name: 'trips.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('lots')) });
  await expect(dialog.getByRole('status')).toHaveText('1 of 2 rows have problems: nothing is imported until every row is valid.');
  const errors = dialog.getByRole('table', { name: /^Problems of 1 row/ });
  await expect(errors.getByRole('row').nth(1)).toContainText('3');
  await expect(errors.getByRole('row').nth(1)).toContainText('Quantity');
  await expect(dialog.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);

  await input.setInputFiles({ name: 'trips.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('14.250')) });
  await expect(dialog.getByRole('status')).toHaveText('All 2 rows are valid.');
  await dialog.getByRole('button', { name: 'Import 2 waybills' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 waybills imported as drafts.');
  const imported = await api.get<Page_<Waybill>>(`/api/waybills/?${new URLSearchParams({ driverName: driver }).toString()}`);
  expect(imported.count).toBe(2);
  expect(imported.results.every((waybill) => waybill.status === 'draft')).toBe(true);
});

test.describe('an XLSX file with headings the server does not know', () => {
  // The first check reads the headings as they are: the server's missing-column answer is what the user reads, until the columns are mapped.
  test.use({ expectedApiErrors: expectApiErrors({ status: 400, request: /^POST \/api\/waybills\/import\/\?dryRun=true/ }) });

  test('import an XLSX file with headings of its own: the dialog reads them and its columns are mapped there', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const api = await realApi(request, DEMO_USER);
    const base = await like(api);
    const driver = driverOfOwn('Xlsx');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Reisid');
    sheet.addRow(['Päev', 'Kust', 'Kuhu', 'Driver', 'Truck', 'Km', 'Assortment', 'Quantity', 'Remarks']);
    for (const quantity of [12.5, 14.25])
      sheet.addRow([base.transportDate, base.origin, base.destination, driver, '123ABC', 180, base.assortment, quantity, 'Read past']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

    await signIn(page);
    await page.goto('/waybills');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import waybills' });
    await dialog.getByLabel('Spreadsheet (CSV or Excel)').setInputFiles({
      name: 'trips.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await expect(dialog.getByRole('alert')).toContainText('The file has no column');
    await expect(dialog.getByText(/^No column gives: /)).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'What column “Driver” gives' })).toHaveValue('driverName');
    for (const [heading, field] of [
      ['Päev', 'transportDate'],
      ['Kust', 'origin'],
      ['Kuhu', 'destination'],
      ['Truck', 'vehicleNumber'],
      ['Km', 'mileage'],
    ] as const)
      await dialog.getByRole('combobox', { name: `What column “${heading}” gives` }).selectOption(field);
    await expect(dialog.getByText(/^No column gives: /)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Check again' }).click();
    await expect(dialog.getByRole('status')).toHaveText('All 2 rows are valid.');
    await dialog.getByRole('button', { name: 'Import 2 waybills' }).click();
    await expect(dialog.getByRole('status')).toHaveText('2 waybills imported as drafts.');
    const imported = await api.get<Page_<Waybill & { notes?: string }>>(
      `/api/waybills/?${new URLSearchParams({ driverName: driver }).toString()}`,
    );
    const rows = imported.results.map((waybill) => [waybill.transportDate, waybill.vehicleNumber, waybill.mileage, waybill.quantity]);
    expect(rows.sort((a, b) => String(a[3]).localeCompare(String(b[3])))).toEqual([
      [base.transportDate, '123ABC', 180, '12.500'],
      [base.transportDate, '123ABC', 180, '14.250'],
    ]);
  });
});

test('import a worklog spreadsheet with one bad row, fix it and import again, then see the worklogs', async ({ page, request }) => {
  test.setTimeout(90_000);
  const api = await realApi(request, DEMO_USER);
  const warehouses = (await api.get<Page_<{ id: number; name: string }>>('/api/warehouses/?pageSize=100')).results;
  // A warehouse its name alone picks (the export writes warehouses by name).
  const warehouse = warehouses.find((item) => warehouses.filter((other) => other.name === item.name).length === 1)!;
  const worker = driverOfOwn('Worklog Import');
  const csv = (duration: string) =>
    [
      'Time,Action,Warehouse,Worker,Duration (min),Notes',
      `2026-11-23 08:15,Loading,${warehouse.name},${worker},30,First`,
      `2026-11-23 09:00,Measuring,${warehouse.name},${worker},${duration},Second`,
    ].join('\r\n');

  await signIn(page);
  await page.goto('/worklogs');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import worklogs' });
  const input = dialog.getByLabel('Spreadsheet (CSV or Excel)');
  await input.setInputFiles({ name: 'shifts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('all day')) });
  await expect(dialog.getByRole('status')).toHaveText('1 of 2 rows have problems: nothing is imported until every row is valid.');
  const errors = dialog.getByRole('table', { name: /^Problems of 1 row/ });
  await expect(errors.getByRole('row').nth(1)).toContainText('3');
  await expect(errors.getByRole('row').nth(1)).toContainText('Duration');
  await expect(dialog.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);

  await input.setInputFiles({ name: 'shifts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('45')) });
  await expect(dialog.getByRole('status')).toHaveText('All 2 rows are valid.');
  await dialog.getByRole('button', { name: 'Import 2 worklogs' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 worklogs imported.');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.goto(`/worklogs?${new URLSearchParams({ workerName: worker }).toString()}`);
  const table = page.getByRole('table', { name: 'Worklogs' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText(warehouse.name);
  const imported = await api.get<Page_<{ number: string; durationMinutes: number }>>(
    `/api/worklogs/?${new URLSearchParams({ workerName: worker, sort: 'timestamp' }).toString()}`,
  );
  expect(imported.results.map((worklog) => worklog.durationMinutes)).toEqual([30, 45]);
  const history = await api.get<Page_<{ via: string; reason: string | null }>>(
    `/api/worklogs/${encodeURIComponent(imported.results[0]!.number)}/history/`,
  );
  expect(history.results[0]).toMatchObject({ via: 'import', reason: 'shifts.csv' });
});

test('duplicate a waybill: a new draft like it, saved only when created', async ({ page, request }) => {
  test.setTimeout(60_000);
  const api = await realApi(request, DEMO_USER);
  const base = await like(api);
  const driver = driverOfOwn('Again');
  const source = await api.post<Waybill>('/api/waybills/', {
    transportDate: base.transportDate,
    origin: base.origin,
    destination: base.destination,
    driverName: driver,
    vehicleNumber: '456DEF',
    mileage: 211,
    assortment: base.assortment,
    quantity: '18.000',
    notes: 'First trip',
  });
  await signIn(page);
  await page.goto(`/waybills/${encodeURIComponent(source.number)}`);
  await page.getByRole('group', { name: 'Waybill actions' }).getByRole('link', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `New waybill like ${source.number}` })).toBeVisible();
  const form = page.getByRole('form', { name: 'Waybill' });
  await expect(form.getByLabel('Driver', { exact: true })).toHaveValue(driver);
  await expect(form.getByLabel('Vehicle')).toHaveValue('456DEF');
  await expect(form.getByLabel('Mileage')).toHaveValue('211');
  await expect(form.getByLabel('Quantity')).toHaveValue('');
  await expect(form.getByLabel('Notes')).toHaveValue('');
  // Nothing is saved yet.
  expect((await api.get<Page_<Waybill>>(`/api/waybills/?${new URLSearchParams({ driverName: driver }).toString()}`)).count).toBe(1);

  await form.getByLabel('Quantity').fill('19,5');
  await form.getByRole('button', { name: 'Create waybill' }).click();
  await expect(page).toHaveURL(/\/waybills\/(?!new\b)[^/?]+$/);
  expect(decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!)).not.toBe(source.number);
  const both = await api.get<Page_<Waybill>>(`/api/waybills/?${new URLSearchParams({ driverName: driver }).toString()}`);
  expect(both.count).toBe(2);
  const copy = both.results.find((waybill) => waybill.number !== source.number)!;
  expect(copy).toMatchObject({
    status: 'draft',
    origin: base.origin,
    destination: base.destination,
    vehicleNumber: '456DEF',
    mileage: 211,
    quantity: '19.500',
  });
});
