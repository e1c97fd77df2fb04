import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';

import { initialConnectionState, type ConnectionState } from '@/shared/model';

import { ConnectionBanner } from './ConnectionBanner';

// 10:42 on the day the stories show: the time of last contact reads the same on every run.
const LAST_CONTACT = new Date(2026, 10, 23, 10, 42).getTime();

const withConnection = (connection: Partial<ConnectionState>) => ({
  store: { preloadedState: { connection: { ...initialConnectionState, ...connection } } },
});

const away = withConnection({ reachable: false, lastContactAt: LAST_CONTACT });

const meta = {
  title: 'widgets/connection-banner/ConnectionBanner',
  component: ConnectionBanner,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConnectionBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The server answers: nothing shows above the page, but the live region is there to announce what will. */
export const Reachable: Story = {
  decorators: [
    (Story) => (
      <>
        <Story />
        <p data-testid="page">The page, with no banner above it.</p>
      </>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toBeEmptyDOMElement();
    await expect(within(canvasElement).getByTestId('page')).toBeVisible();
  },
};

export const Unreachable: Story = {
  parameters: away,
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent("Can't reach Timberlog — your changes are kept.");
    await expect(status).toHaveTextContent('Last contact at 10:42.');
  },
};

export const Estonian: Story = {
  parameters: away,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('Timberlogiga ei saa ühendust — sinu muudatused jäävad alles.');
    await expect(status).toHaveTextContent('Viimati ühenduses kell 10:42.');
  },
};

export const Dark: Story = {
  parameters: away,
  globals: { theme: 'dark' },
};

/** Never heard from the server in this tab (it was away from the start): no time to tell. */
export const NeverReached: Story = {
  parameters: withConnection({ reachable: false, lastContactAt: null, browserOffline: true }),
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent("Can't reach Timberlog");
    await expect(status).not.toHaveTextContent('Last contact');
  },
};

export const Phone: Story = {
  parameters: { ...away, width: 412 },
};

export const PhoneEstonianDark: Story = {
  parameters: { ...away, width: 412 },
  globals: { locale: 'et', theme: 'dark' },
};

/** The server found again: a short confirmation, which then goes by itself. */
export const Back: Story = {
  parameters: withConnection({ reachable: true, lastContactAt: Date.now(), backAt: Date.now() }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Back online.');
  },
};

export const BackEstonianDark: Story = {
  parameters: withConnection({ reachable: true, lastContactAt: Date.now(), backAt: Date.now() }),
  globals: { locale: 'et', theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Ühendus on taastunud.');
  },
};
