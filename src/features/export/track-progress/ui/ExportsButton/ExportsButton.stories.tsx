import type { Meta, StoryObj } from '@storybook/react';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';

import { mockExportRequest } from '@/entities/export-request/index.mocks';
import { initialSessionState } from '@/entities/session';

import { ExportsButton } from './ExportsButton';

const signedIn = {
  preloadedState: {
    session: { ...initialSessionState, accessToken: `mock-access-token:${DEMO_USERS.user.email}`, sessionInitialized: true },
  },
};
const ready = mockExportRequest({
  id: 'e-1',
  kind: 'waybill_report',
  format: 'xlsx',
  inProgress: false,
  progress: 100,
  attachment: 'waybills-2026-11-23.xlsx',
  fileUrl: 'http://localhost:8080/api/export-requests/e-1/download_attachment/?token=signed',
  completeTimestamp: '2026-11-23T08:01:00.000Z',
});

const meta = {
  title: 'features/export/track-progress/ExportsButton',
  component: ExportsButton,
  parameters: {
    store: signedIn,
    msw: {
      handlers: {
        exportRequest: [
          http.get('*/api/export-requests/', () => HttpResponse.json({ count: 1, next: null, previous: null, results: [ready] })),
        ],
      },
    },
  },
} satisfies Meta<typeof ExportsButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Item 1: the exports panel, reachable from the top bar, lists every finished file with its link. */
export const Opened: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'My exports' }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'My latest exports' });
    await expect(await within(dialog).findByRole('link', { name: /waybills-2026-11-23\.xlsx/ })).toBeInTheDocument();
  },
};

export const WithLabel: Story = { args: { withLabel: true } };

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Minu ekspordid' })).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
