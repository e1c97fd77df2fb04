import type { Meta, StoryObj } from '@storybook/react';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';

import { mockExportRequest } from '@/entities/export-request/index.mocks';
import { initialSessionState } from '@/entities/session';

import { RecentExports } from './RecentExports';

const signedIn = {
  preloadedState: {
    session: { ...initialSessionState, accessToken: `mock-access-token:${DEMO_USERS.user.email}`, sessionInitialized: true },
  },
};
const finished = (n: number) =>
  mockExportRequest({
    id: `e-${n}`,
    kind: n % 2 ? 'waybill_report' : 'worklog_report',
    format: 'xlsx',
    inProgress: false,
    progress: 100,
    attachment: `report-${n}.xlsx`,
    fileUrl: `http://localhost:8080/api/export-requests/e-${n}/download_attachment/?token=signed`,
    completeTimestamp: '2026-11-23T08:01:00.000Z',
  });
const five = [1, 2, 3, 4, 5].map(finished);
const list = (results: ReturnType<typeof mockExportRequest>[]) => [
  http.get('*/api/export-requests/', () => HttpResponse.json({ count: results.length, next: null, previous: null, results })),
];

const meta = {
  title: 'features/export/track-progress/RecentExports',
  component: RecentExports,
  parameters: { store: signedIn, msw: { handlers: { exportRequest: list(five) } } },
} satisfies Meta<typeof RecentExports>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Item 1: five finished files, each with its own link, so none is lost to a blocked download. */
export const FiveFinished: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: /report-5\.xlsx/ })).toHaveAttribute(
      'href',
      'http://localhost:8080/api/export-requests/e-5/download_attachment/?token=signed',
    );
    await expect(canvas.getAllByRole('link')).toHaveLength(5);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { exportRequest: list([]) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('You have not exported any reports yet.')).toBeInTheDocument();
  },
};

/** Once the list has come: the story is of the five files, not of the moment before they arrive. */
const fiveShown: Story['play'] = async ({ canvasElement }) => {
  await expect(await within(canvasElement).findAllByRole('link')).toHaveLength(5);
};

export const Estonian: Story = { globals: { locale: 'et' }, play: fiveShown };

export const Dark: Story = { globals: { theme: 'dark' }, play: fiveShown };
