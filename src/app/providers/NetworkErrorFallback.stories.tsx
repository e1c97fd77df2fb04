import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { ConnectionBanner } from '@/widgets/connection-banner';

import { NetworkErrorFallback } from './NetworkErrorFallback';

const serverAway = () => Promise.resolve(false);

/**
 * A screen whose code or data did not arrive: it says to check the connection and offers Retry,
 * with the connection banner above it as the app shell shows it.
 */
const meta = {
  title: 'app/providers/NetworkErrorFallback',
  component: NetworkErrorFallback,
  parameters: { layout: 'fullscreen' },
  args: { onRetry: fn(), probe: serverAway },
  render: (args) => (
    <>
      <ConnectionBanner />
      <NetworkErrorFallback {...args} />
    </>
  ),
} satisfies Meta<typeof NetworkErrorFallback>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: "Couldn't load this page — check the connection" })).toBeInTheDocument();
    // The server did not answer the probe: the banner says so too.
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent("Can't reach Timberlog"));
    await expect(canvas.queryByText(/please report it/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Lehte ei õnnestunud laadida — kontrolli ühendust' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Proovi uuesti' })).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};

export const Phone: Story = {
  parameters: { width: 412 },
};
