import type { Meta, StoryObj } from '@storybook/react';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';

import { ExportWaybillReport } from './ExportWaybillReport';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };
const body = () => within(document.body);

const meta = {
  title: 'features/waybill/ExportWaybillReport',
  component: ExportWaybillReport,
  parameters: { store: signedIn },
  args: { params: { pageNumber: 1, pageSize: 25, statusIn: ['delivered'] }, count: 1234 },
} satisfies Meta<typeof ExportWaybillReport>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The button alone: the dialog's code is not loaded until the button is used. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Export report' })).toBeInTheDocument();
    await expect(body().queryByRole('dialog')).toBeNull();
  },
};

export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Export report' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Export waybill report' }));
    await expect(dialog.getByText(/1,234/)).toBeInTheDocument();
    await expect(dialog.getByRole('radio', { name: 'Excel (xlsx)' })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

/** The server refuses the report: the dialog stays open and says why; opening it again starts clean. */
export const Refused: Story = {
  parameters: {
    msw: {
      handlers: {
        waybill: [
          http.post('*/api/waybills/waybill_report/', () =>
            HttpResponse.json({ detail: 'You have too many exports in progress.' }, { status: 400 }),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Export report' });
    await userEvent.click(button);
    const dialog = within(await body().findByRole('dialog', { name: 'Export waybill report' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Export' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('You have too many exports in progress.');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await userEvent.click(button);
    const again = within(await body().findByRole('dialog', { name: 'Export waybill report' }));
    await expect(again.queryByRole('alert')).toBeNull();
  },
};

const LIMIT_TEXT = 'You already have 3 exports in progress. Wait for one to finish, then try again.';

/** Item 2: the export limit's 429 shows the server's words once, in the dialog (not "error 429", no second toast). */
export const LimitReached: Story = {
  parameters: {
    msw: {
      handlers: {
        waybill: [
          http.post('*/api/waybills/waybill_report/', () =>
            HttpResponse.json({ detail: LIMIT_TEXT, code: 'too_many_exports' }, { status: 429, headers: { 'Retry-After': '30' } }),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Export report' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Export waybill report' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Export' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(LIMIT_TEXT);
    await expect(dialog.queryByText(/error 429/)).toBeNull();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Export report' }));
    await expect(await body().findByRole('dialog', { name: 'Export waybill report' })).toBeInTheDocument();
  },
};
