import type { Meta, StoryObj } from '@storybook/react';
import { translate } from '@timberlog/contract';
import { expect, fn, userEvent, within } from 'storybook/test';

import type { ImportResult } from '@/entities/waybill';
import { mockBatchJob } from '@/entities/waybill/index.mocks';

import { IMPORT_KINDS } from '../../config/records';

import { ImportView } from './ImportView';

const HEADINGS = ['Transport date', 'Origin', 'Destination', 'Driver', 'Truck', 'Mileage (km)', 'Assortment', 'Quantity', 'Remarks'];
const RECOGNISED = ['transportDate', 'origin', 'destination', 'driverName', null, 'mileage', 'assortment', 'quantity', null] as const;
const MAPPED = RECOGNISED.map((field, i) => (i === 4 ? 'vehicleNumber' : field));

/** Three rows checked: row 3 has two problems, row 4 one (the server's words, from the contract). */
const withErrors: ImportResult = {
  dryRun: true,
  file: 'trips-november.csv',
  rows: 3,
  valid: 1,
  invalid: 2,
  errors: [
    { row: 3, field: 'quantity', message: translate('en', 'field.pattern.decimal', { decimals: 3 }) },
    { row: 3, field: 'origin', message: translate('en', 'field.required') },
    { row: 4, field: 'transportDate', message: translate('en', 'import.noSuchDate', { value: '31.02.2026' }) },
  ],
  imported: 0,
  numbers: [],
};
const valid: ImportResult = { ...withErrors, valid: 3, invalid: 0, errors: [] };

const meta = {
  title: 'features/import-records/ImportView',
  component: ImportView,
  args: {
    kind: IMPORT_KINDS.waybills,
    phase: { name: 'idle' },
    fileName: null,
    columns: null,
    mappingChanged: false,
    onPick: fn(),
    onMap: fn(),
    onCheck: fn(),
    onImport: fn(),
    onTemplate: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof ImportView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No file yet: the picker and the template to download. */
export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    const input = view.getByLabelText('Spreadsheet (CSV or Excel)');
    await userEvent.upload(input, new File(['Transport date\n'], 'trips.csv', { type: 'text/csv' }));
    await expect(args.onPick).toHaveBeenCalled();
    await userEvent.click(view.getByRole('button', { name: 'Excel (xlsx)' }));
    await expect(args.onTemplate).toHaveBeenCalledWith('xlsx');
    await expect(view.queryByRole('button', { name: /^Import/ })).toBeNull();
  },
};

/** A column the server does not know by its heading: the user says what it gives. */
export const MappingNeeded: Story = {
  args: {
    phase: { name: 'failed', message: translate('en', 'import.missingColumn', { column: 'Vehicle' }) },
    fileName: 'trips-november.csv',
    columns: { headings: HEADINGS, mapping: [...RECOGNISED] },
  },
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    await expect(view.getByText('No column gives: Vehicle. Choose which column does.')).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Check again' })).toBeDisabled();
    await userEvent.selectOptions(view.getByRole('combobox', { name: 'What column “Truck” gives' }), 'vehicleNumber');
    await expect(args.onMap).toHaveBeenCalledWith(4, 'vehicleNumber');
  },
};

export const Checking: Story = {
  args: { phase: { name: 'checking' }, fileName: 'trips-november.csv', columns: { headings: HEADINGS, mapping: MAPPED } },
};

/** The check's answer: each problem by the row the spreadsheet shows and its field, nothing to import yet. */
export const Errors: Story = {
  args: {
    phase: { name: 'checked', result: withErrors },
    fileName: 'trips-november.csv',
    columns: { headings: HEADINGS, mapping: MAPPED },
  },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('status')).toHaveTextContent('2 of 3 rows have problems');
    const errors = within(view.getByRole('table', { name: /^Problems of 2 rows/ }));
    await expect(errors.getAllByRole('row')).toHaveLength(4);
    await expect(errors.getByText('Transport date')).toBeInTheDocument();
    await expect(view.queryByRole('button', { name: /^Import/ })).toBeNull();
  },
};

export const Valid: Story = {
  args: { phase: { name: 'checked', result: valid }, fileName: 'trips-november.csv', columns: { headings: HEADINGS, mapping: MAPPED } },
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('status')).toHaveTextContent('All 3 rows are valid.');
    await userEvent.click(view.getByRole('button', { name: 'Import 3 waybills' }));
    await expect(args.onImport).toHaveBeenCalled();
  },
};

/** A changed column assignment is checked again before anything is imported. */
export const MappingChanged: Story = {
  args: { ...Valid.args, mappingChanged: true },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('button', { name: 'Check again' })).toBeEnabled();
    await expect(view.queryByRole('button', { name: /^Import/ })).toBeNull();
  },
};

/** A large file written by a background job (its headings not read here, so no columns are shown: the server matches them). */
export const ImportingJob: Story = {
  args: { phase: { name: 'importing', job: mockBatchJob({ kind: 'import', progress: 55, total: 4000 }) }, fileName: 'trips.xlsx' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '55');
  },
};

export const Imported: Story = {
  args: {
    phase: {
      name: 'imported',
      result: { ...valid, dryRun: false, imported: 3, numbers: ['W-2026-000101', 'W-2026-000102', 'W-2026-000103'] },
    },
    fileName: 'trips-november.csv',
  },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('status')).toHaveTextContent('3 waybills imported as drafts.');
    // Each created waybill is a link to it.
    const created = within(view.getByRole('list', { name: 'Created, each opens its record:' }));
    await expect(created.getByRole('link', { name: 'W-2026-000102' })).toHaveAttribute('href', '/waybills/W-2026-000102');
    await expect(created.getAllByRole('link')).toHaveLength(3);
  },
};

/** A large import lists its first numbers and says how many more it made. */
export const ImportedMany: Story = {
  args: {
    phase: {
      name: 'imported',
      result: {
        ...valid,
        dryRun: false,
        rows: 45,
        valid: 45,
        imported: 45,
        numbers: Array.from({ length: 45 }, (_, i) => `W-2026-${String(201 + i).padStart(6, '0')}`),
      },
    },
    fileName: 'trips-november.csv',
  },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(within(view.getByRole('list')).getAllByRole('link')).toHaveLength(20);
    await expect(view.getByText('…and 25 more.')).toBeInTheDocument();
  },
};

export const FileRefused: Story = {
  args: { phase: { name: 'failed', message: translate('en', 'import.unreadable') }, fileName: 'photo.csv' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(translate('en', 'import.unreadable'));
  },
};

export const Estonian: Story = {
  ...Errors,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('3 reast 2 on vigased');
  },
};

export const EstonianIdle: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Tabel (CSV või Excel)')).toBeInTheDocument();
  },
};

export const Dark: Story = { ...Errors, globals: { theme: 'dark' } };

export const DarkIdle: Story = { globals: { theme: 'dark' } };

/** The template could not be fetched: said in the dialog, in the user's language. */
export const TemplateFailed: Story = {
  args: { templateFailed: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The template could not be downloaded. Try again.');
  },
};

const WORKLOG_HEADINGS = ['Time', 'Action', 'Warehouse', 'Person', 'Duration (min)', 'Notes'];
const WORKLOG_MAPPING = ['timestamp', 'action', 'warehouse', null, 'durationMinutes', 'notes'] as const;
const worklogErrors: ImportResult = {
  dryRun: true,
  file: 'shifts.csv',
  rows: 2,
  valid: 1,
  invalid: 1,
  errors: [
    { row: 3, field: 'timestamp', message: translate('en', 'import.dateTime') },
    { row: 3, field: 'warehouse', message: translate('en', 'import.unknownWarehouseName', { value: 'Nowhere Yard' }) },
  ],
  imported: 0,
  numbers: [],
};

/** Worklogs: a column the server does not know by its heading ("Person"), the worker to choose. */
export const WorklogMappingNeeded: Story = {
  args: {
    kind: IMPORT_KINDS.worklogs,
    phase: { name: 'failed', message: translate('en', 'import.missingColumn', { column: 'Worker' }) },
    fileName: 'shifts.csv',
    columns: { headings: WORKLOG_HEADINGS, mapping: [...WORKLOG_MAPPING] },
  },
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    await expect(view.getByText('No column gives: Worker. Choose which column does.')).toBeInTheDocument();
    await userEvent.selectOptions(view.getByRole('combobox', { name: 'What column “Person” gives' }), 'workerName');
    await expect(args.onMap).toHaveBeenCalledWith(3, 'workerName');
  },
};

/** Worklogs: the check's problems by row, on the worklog's fields. */
export const WorklogErrors: Story = {
  args: {
    kind: IMPORT_KINDS.worklogs,
    phase: { name: 'checked', result: worklogErrors },
    fileName: 'shifts.csv',
  },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('status')).toHaveTextContent('1 of 2 rows have problems');
    const errors = within(view.getByRole('table', { name: /^Problems of 1 row/ }));
    await expect(errors.getByText('Time')).toBeInTheDocument();
    await expect(errors.getByText('Warehouse')).toBeInTheDocument();
  },
};

export const WorklogValid: Story = {
  args: {
    kind: IMPORT_KINDS.worklogs,
    phase: { name: 'checked', result: { ...worklogErrors, valid: 2, invalid: 0, errors: [] } },
    fileName: 'shifts.csv',
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Import 2 worklogs' }));
    await expect(args.onImport).toHaveBeenCalled();
  },
};

export const WorklogImported: Story = {
  args: {
    kind: IMPORT_KINDS.worklogs,
    phase: { name: 'imported', result: { ...worklogErrors, dryRun: false, valid: 2, invalid: 0, errors: [], imported: 2, numbers: [] } },
    fileName: 'shifts.csv',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('2 worklogs imported.');
  },
};

export const WorklogEstonian: Story = {
  ...WorklogErrors,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('2 reast 1 on vigased');
    await expect(within(canvasElement).getByText('Ladu')).toBeInTheDocument();
  },
};
