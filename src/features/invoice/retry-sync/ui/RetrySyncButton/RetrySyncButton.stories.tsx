import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';

import { RetrySyncButton } from './RetrySyncButton';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };
const NUMBER = 'I-2026-000007';

const meta = {
  title: 'features/invoice/RetrySyncButton',
  component: RetrySyncButton,
  parameters: { store: signedIn },
  args: { invoice: { number: NUMBER, status: 'sync_failed', version: 1 }, onError: fn() },
} satisfies Meta<typeof RetrySyncButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Failed: Story = {
  parameters: {
    msw: { handlers: { invoice: [http.post('*/api/invoices/:number/retry_sync/', () => delay(100).then(() => HttpResponse.json({})))] } },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry sync' }));
    await expect(await canvas.findByRole('button', { name: 'Retrying…' })).toBeDisabled();
    await expect(await canvas.findByRole('button', { name: 'Retry sync' })).toBeEnabled();
    await expect(args.onError).toHaveBeenCalledWith(null);
  },
};

export const Refused: Story = {
  parameters: {
    msw: {
      handlers: {
        invoice: [
          http.post('*/api/invoices/:number/retry_sync/', () =>
            HttpResponse.json(
              { nonFieldErrors: ['Only an invoice whose sync failed can be retried; this one is synced.'] },
              { status: 400 },
            ),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry sync' }));
    await expect(await within(canvasElement).findByRole('button', { name: 'Retry sync' })).toBeEnabled();
    await expect(args.onError).toHaveBeenLastCalledWith(expect.objectContaining({ status: 400 }));
  },
};

/** Retry is allowed only after a failed sync: nothing is shown otherwise. */
export const NotRetryable: Story = {
  args: { invoice: { number: NUMBER, status: 'synced', version: 1 } },
  // The story says what it shows: the button itself renders nothing here.
  decorators: [
    (Story) => (
      <div>
        <p>A synced invoice: no retry.</p>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Sünkrooni uuesti' })).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
