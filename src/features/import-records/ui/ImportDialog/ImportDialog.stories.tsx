import type { Meta, StoryObj } from '@storybook/react';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';
import { waybillHandlers, waybillVolumeHandlers } from '@/entities/waybill/index.mocks';
import { worklogHandlers } from '@/entities/worklog/index.mocks';
import { mockDb } from '@/shared/mock-db';

import { tinyXlsx } from '../../../../../tests/fixtures/tinyXlsx';

import { ImportDialog } from './ImportDialog';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };

/** Two trips like a demo waybill (its places and assortment exist); the second's quantity is `quantity`. */
const csv = (quantity: string) => {
  const like = mockDb.waybills.find((waybill) => waybill.status === 'draft') ?? mockDb.waybills[0]!;
  const row = (amount: string) =>
    [like.transportDate, like.origin, like.destination, 'Peeter Kask', '123ABC', '180', like.assortment, amount].join(';');
  return ['Transport date;Origin;Destination;Driver;Truck;Mileage (km);Assortment;Quantity', row('12.500'), row(quantity)].join('\r\n');
};

const meta = {
  title: 'features/import-records/ImportDialog',
  component: ImportDialog,
  parameters: { store: signedIn },
  args: { record: 'waybills', onOpenChange: fn() },
} satisfies Meta<typeof ImportDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () => within(await within(document.body).findByRole('dialog', { name: 'Import waybills' }));

/**
 * Presses "Check again" once it can be pressed: the columns are told while the file's first check
 * is still under way, and the button waits for that check's answer (pressed before, it does nothing).
 */
const checkAgain = async (box: Awaited<ReturnType<typeof dialog>>, name = 'Check again') => {
  await waitFor(() => expect(box.getByRole('button', { name })).toBeEnabled());
  await userEvent.click(box.getByRole('button', { name }));
};

/**
 * The mocks check the file as the server does: an unknown heading ("Truck") is assigned to the
 * vehicle, the check lists the bad row, and the fixed file imports.
 */
export const MapCheckFixImport: Story = {
  play: async () => {
    const box = await dialog();
    await userEvent.upload(box.getByLabelText('Spreadsheet (CSV or Excel)'), new File([csv('12.5.5')], 'trips.csv', { type: 'text/csv' }));
    await expect(await box.findByText('No column gives: Vehicle. Choose which column does.')).toBeInTheDocument();
    await userEvent.selectOptions(box.getByRole('combobox', { name: 'What column “Truck” gives' }), 'vehicleNumber');
    await checkAgain(box);
    await waitFor(() =>
      expect(box.getByRole('status')).toHaveTextContent('1 of 2 rows have problems: nothing is imported until every row is valid.'),
    );
    const errors = within(box.getByRole('table', { name: /^Problems of 1 row/ }));
    await expect(errors.getByRole('cell', { name: '3' })).toBeInTheDocument();
    await expect(errors.getByRole('cell', { name: 'Quantity' })).toBeInTheDocument();
    await userEvent.upload(box.getByLabelText('Spreadsheet (CSV or Excel)'), new File([csv('12.500')], 'trips.csv', { type: 'text/csv' }));
    // The corrected file (the same headings) keeps the columns as they were set, and is checked with them.
    await expect(await box.findByRole('combobox', { name: 'What column “Truck” gives' })).toHaveValue('vehicleNumber');
    await waitFor(() => expect(box.getByRole('status')).toHaveTextContent('All 2 rows are valid.'));
    await userEvent.click(await box.findByRole('button', { name: 'Import 2 waybills' }));
    await expect(await box.findByText('2 waybills imported as drafts.')).toBeInTheDocument();
    // The result links each waybill it created.
    await expect(within(box.getByRole('list', { name: 'Created, each opens its record:' })).getAllByRole('link')).toHaveLength(2);
  },
};

/** Two trips as an XLSX workbook with `headings` (a vehicle column the server does not know). */
const xlsx = (headings: string[]) => {
  const like = mockDb.waybills.find((waybill) => waybill.status === 'draft') ?? mockDb.waybills[0]!;
  const row = [like.transportDate, like.origin, like.destination, 'Peeter Kask', '123ABC', '180', like.assortment, '12.5'];
  return new File([tinyXlsx([[headings, row, row]])], 'trips.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
};
const XLSX_COLUMNS = 'transportDate,origin,destination,driverName,vehicleNumber,mileage,assortment,quantity';

/**
 * The mocks read no workbooks: here the import answers as the server would for these rows when
 * the dialog sends the mapping as `columns`, and names the missing vehicle column otherwise.
 */
const xlsxImport = http.post('*/api/waybills/import/', ({ request }) => {
  const url = new URL(request.url);
  const dryRun = url.searchParams.get('dryRun') === 'true';
  if (url.searchParams.get('columns') !== XLSX_COLUMNS)
    return HttpResponse.json(
      { file: ['The file has no column "Vehicle" (the heading row names the columns, in English or Estonian).'] },
      { status: 400 },
    );
  const result = { dryRun, file: 'trips.xlsx', rows: 2, valid: 2, invalid: 0, errors: [] };
  return dryRun
    ? HttpResponse.json({ ...result, imported: 0, numbers: [] })
    : HttpResponse.json({ ...result, imported: 2, numbers: ['V-2026-900001', 'V-2026-900002'] }, { status: 201 });
});
const xlsxHandlers = { msw: { handlers: { waybill: [xlsxImport, ...waybillVolumeHandlers, ...waybillHandlers] } } };

/** An XLSX file's headings are read in the browser: its unknown "Truck" column is assigned to the vehicle, the mapping goes as `columns`. */
export const XlsxMapCheckImport: Story = {
  parameters: xlsxHandlers,
  play: async () => {
    const box = await dialog();
    const headings = ['Transport date', 'Origin', 'Destination', 'Driver', 'Truck', 'Mileage (km)', 'Assortment', 'Quantity'];
    await userEvent.upload(box.getByLabelText('Spreadsheet (CSV or Excel)'), xlsx(headings));
    await expect(await box.findByText('No column gives: Vehicle. Choose which column does.')).toBeInTheDocument();
    await expect(box.getByRole('combobox', { name: 'What column “Origin” gives' })).toHaveValue('origin');
    await userEvent.selectOptions(box.getByRole('combobox', { name: 'What column “Truck” gives' }), 'vehicleNumber');
    await checkAgain(box);
    await waitFor(() => expect(box.getByRole('status')).toHaveTextContent('All 2 rows are valid.'));
    await userEvent.click(box.getByRole('button', { name: 'Import 2 waybills' }));
    await expect(await box.findByText('2 waybills imported as drafts.')).toBeInTheDocument();
  },
};

/** The same in Estonian: the workbook's Estonian headings are recognised, "Auto" is the user's to assign. */
export const XlsxEstonian: Story = {
  parameters: xlsxHandlers,
  globals: { locale: 'et' },
  play: async () => {
    const box = within(await within(document.body).findByRole('dialog', { name: 'Veoselehtede import' }));
    const headings = ['Veo kuupäev', 'Lähtekoht', 'Sihtkoht', 'Juht', 'Auto', 'Läbisõit (km)', 'Sortiment', 'Kogus'];
    await userEvent.upload(box.getByLabelText(/^Tabel/), xlsx(headings));
    await expect(await box.findByText(/^Ükski veerg ei anna:/)).toBeInTheDocument();
    await userEvent.selectOptions(box.getByRole('combobox', { name: 'Mida annab veerg „Auto“' }), 'vehicleNumber');
    await checkAgain(box, 'Kontrolli uuesti');
    await waitFor(() => expect(box.getByRole('status')).toHaveTextContent('Kõik 2 rida on korras.'));
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async () => {
    await within(document.body).findByRole('dialog', { name: 'Veoselehtede import' });
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async () => {
    await dialog();
  },
};

/** Two worklogs at a warehouse of the mock data (its name is one warehouse's), the second lasting `duration` minutes. */
const worklogCsv = (duration: string) => {
  const warehouse = mockDb.warehouses.find((item) => mockDb.warehouses.filter((other) => other.name === item.name).length === 1)!;
  const row = (minutes: string) => ['23.11.2026 08:15', 'Laadimine', warehouse.name, 'Mari Maa', minutes].join(';');
  return ['Aeg;Toiming;Ladu;Person;Kestus (min)', row('30'), row(duration)].join('\r\n');
};
const worklogDialog = async () => within(await within(document.body).findByRole('dialog', { name: 'Import worklogs' }));

/** Worklogs as the server reads them: the unknown "Person" column is the worker, a bad duration is listed by row, the fixed file imports. */
export const WorklogMapCheckFixImport: Story = {
  args: { record: 'worklogs' },
  play: async () => {
    const box = await worklogDialog();
    const file = (duration: string) => new File([worklogCsv(duration)], 'shifts.csv', { type: 'text/csv' });
    await userEvent.upload(box.getByLabelText('Spreadsheet (CSV or Excel)'), file('forever'));
    await expect(await box.findByText('No column gives: Worker. Choose which column does.')).toBeInTheDocument();
    await userEvent.selectOptions(box.getByRole('combobox', { name: 'What column “Person” gives' }), 'workerName');
    await checkAgain(box);
    await waitFor(() =>
      expect(box.getByRole('status')).toHaveTextContent('1 of 2 rows have problems: nothing is imported until every row is valid.'),
    );
    const errors = within(box.getByRole('table', { name: /^Problems of 1 row/ }));
    await expect(errors.getByRole('cell', { name: '3' })).toBeInTheDocument();
    await expect(errors.getByRole('cell', { name: 'Duration' })).toBeInTheDocument();
    await userEvent.upload(box.getByLabelText('Spreadsheet (CSV or Excel)'), file('45'));
    // The corrected file (the same headings) keeps the columns as they were set, and is checked with them.
    await expect(await box.findByRole('combobox', { name: 'What column “Person” gives' })).toHaveValue('workerName');
    await waitFor(() => expect(box.getByRole('status')).toHaveTextContent('All 2 rows are valid.'));
    await expect(box.queryByRole('button', { name: 'Check again' })).toBeNull();
    await userEvent.click(await box.findByRole('button', { name: 'Import 2 worklogs' }));
    await expect(await box.findByText('2 worklogs imported.')).toBeInTheDocument();
  },
};

/** The template could not be fetched: the dialog says so (the download would otherwise fail unseen). */
export const WorklogTemplateFailed: Story = {
  args: { record: 'worklogs' },
  parameters: {
    msw: {
      handlers: {
        worklog: [
          http.get('*/api/worklogs/import/template/', () => HttpResponse.json({ detail: 'Service unavailable' }, { status: 503 })),
          ...worklogHandlers,
        ],
      },
    },
  },
  play: async () => {
    const box = await worklogDialog();
    await userEvent.click(box.getByRole('button', { name: 'CSV' }));
    await expect(await box.findByRole('alert')).toHaveTextContent('The template could not be downloaded. Try again.');
  },
};

export const WorklogEstonian: Story = {
  args: { record: 'worklogs' },
  globals: { locale: 'et' },
  play: async () => {
    await within(document.body).findByRole('dialog', { name: 'Töökannete import' });
  },
};
