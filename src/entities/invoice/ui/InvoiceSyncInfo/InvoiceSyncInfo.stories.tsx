import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';

import { mockInvoice } from '@/shared/mock-db';
import { Button } from '@/shared/ui';

import { InvoiceSyncInfo } from './InvoiceSyncInfo';

const LONG_ERROR = `Accounting system answered 502: <html><head><title>502 Bad Gateway</title></head><body>${'upstream connect error or disconnect/reset before headers. reset reason: connection failure, transport failure reason: delayed connect error: 111; '.repeat(8)}</body></html>`;

const meta = {
  title: 'entities/invoice/InvoiceSyncInfo',
  component: InvoiceSyncInfo,
  args: { invoice: mockInvoice({ status: 'synced', externalId: 'ACC-2026-88412', syncedAt: '2026-11-20T09:14:00Z', syncAttempts: 1 }) },
} satisfies Meta<typeof InvoiceSyncInfo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Synced: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('ACC-2026-88412')).toBeInTheDocument();
    await expect(canvas.getByText('Synced')).toBeInTheDocument();
  },
};

export const Pending: Story = {
  args: { invoice: mockInvoice({ status: 'pending_sync', externalId: null, syncedAt: null, syncAttempts: 0 }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/This page refreshes until it is done/)).toBeInTheDocument();
    await expect(within(canvasElement).queryByText('Accounting ID')).toBeNull();
  },
};

export const FailedWithLongError: Story = {
  args: {
    invoice: mockInvoice({
      status: 'sync_failed',
      externalId: null,
      syncedAt: null,
      syncAttempts: 7,
      syncFailure: 'unavailable',
      syncError: LONG_ERROR,
    }),
    action: <Button variant="secondary">Retry sync</Button>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('The accounting system was not working at the time.')).toBeInTheDocument();
    await expect(canvas.getByText(/Accounting system answered 502/)).toBeInTheDocument();
    await expect(canvas.getByText('7')).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  ...FailedWithLongError,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Raamatupidamissüsteem ei töötanud sel ajal.')).toBeInTheDocument();
    await expect(within(canvasElement).getByText('Tehniline üksikasi')).toBeInTheDocument();
  },
};

/** What an ordinary user sees: the reason in their words; the API gives them no raw error. */
export const FailedAsOrdinaryUser: Story = {
  args: {
    invoice: mockInvoice({
      status: 'sync_failed',
      externalId: null,
      syncedAt: null,
      syncAttempts: 1,
      syncFailure: 'unreachable',
      syncError: null,
    }),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The accounting system could not be reached.')).toBeInTheDocument();
    await expect(within(canvasElement).queryByText('Technical detail')).toBeNull();
  },
};

export const Dark: Story = { ...FailedWithLongError, globals: { theme: 'dark' }, play: undefined };
