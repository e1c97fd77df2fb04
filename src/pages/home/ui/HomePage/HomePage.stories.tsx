import type { Meta, StoryObj } from '@storybook/react';
import { INVOICE_STATUSES, WAYBILL_STATUSES } from '@timberlog/contract';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { delay, http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';

import { mockExportRequest } from '@/entities/export-request/index.mocks';
import { initialSessionState } from '@/entities/session';
import { mockSummaryCharts, summaryHandlers } from '@/entities/summary/index.mocks';
import { mockDb, requestLocale } from '@/shared/mock-db';

import { HomePage } from './HomePage';

/** Signed in as a demo account: the mocks read the caller from the mock token. */
const signedInAs = (email: string) => ({
  preloadedState: { session: { ...initialSessionState, accessToken: `mock-access-token:${email}`, sessionInitialized: true } },
});

const page = (results: ReturnType<typeof mockExportRequest>[]) => ({ count: results.length, next: null, previous: null, results });
const exports = [
  mockExportRequest({ id: 'e-1', kind: 'waybill_report', format: 'xlsx', inProgress: true, progress: 40, fileUrl: null, attachment: null }),
  mockExportRequest({
    id: 'e-2',
    kind: 'worklog_report',
    format: 'csv',
    inProgress: false,
    progress: 100,
    attachment: 'worklogs-2026-11-23.csv',
    fileUrl: 'http://localhost:8080/api/export-requests/e-2/download_attachment/?token=signed',
  }),
  mockExportRequest({
    id: 'e-3',
    kind: 'waybill_report',
    format: 'xlsx',
    inProgress: false,
    failed: true,
    lastErrorMessage: 'Too many rows.',
    fileUrl: null,
  }),
];
const withExports = [http.get('*/api/export-requests/', () => HttpResponse.json(page(exports)))];
const emptyList = () => HttpResponse.json(page([]));
const zeroCounts = <S extends string>(statuses: readonly S[]) => Object.fromEntries(statuses.map((status) => [status, 0]));
const emptySummary = () =>
  HttpResponse.json({
    waybillsByStatus: zeroCounts(WAYBILL_STATUSES),
    invoicesByStatus: zeroCounts(INVOICE_STATUSES),
    usersAwaitingActivation: null,
  });

// The demo data's own last day: the charts show the same weeks whatever day the stories run.
const TODAY = '2026-11-20';
const charts = http.get('*/api/summary/charts', ({ request }) => HttpResponse.json(mockSummaryCharts(TODAY, requestLocale(request))));
const emptyCharts = http.get('*/api/summary/charts', () =>
  HttpResponse.json({ ...mockSummaryCharts(TODAY), hauls: [], topDestinations: [], invoicing: [] }),
);

// Storybook shows the loading state for good; the Jest story runner waits for every request to end, so there it ends soon.
const LOADING_DELAY = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom') ? 200 : ('infinite' as const);

const meta = {
  title: 'pages/home/HomePage',
  component: HomePage,
  parameters: {
    layout: 'fullscreen',
    store: signedInAs(DEMO_USERS.user.email),
    msw: { handlers: { exportRequest: withExports, summary: [charts, ...summaryHandlers] } },
  },
} satisfies Meta<typeof HomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const countIn = (link: HTMLElement) => within(link).getByTestId('count').textContent;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const delivered = mockDb.waybills.filter((waybill) => waybill.status === 'delivered').length;
    const link = await canvas.findByRole('link', { name: /^Delivered/ });
    await expect(link).toHaveAttribute('href', '/waybills?statusIn=delivered');
    await waitFor(() => expect(countIn(link)).toBe(String(delivered)));
    await expect(canvas.getByRole('link', { name: /^Sync failed/ })).toHaveAttribute('href', '/invoices?statusIn=sync_failed');
    await expect(canvas.getByRole('link', { name: /^Awaiting sync/ })).toHaveAttribute('href', '/invoices?statusIn=pending_sync');
    await expect(canvas.getByRole('link', { name: 'New waybill' })).toHaveAttribute('href', '/waybills/new');
    await expect(canvas.getByRole('link', { name: 'New worklog' })).toHaveAttribute('href', '/worklogs/new');
    await expect(await canvas.findByRole('link', { name: 'Download worklogs-2026-11-23.csv' })).toHaveAttribute(
      'href',
      'http://localhost:8080/api/export-requests/e-2/download_attachment/?token=signed',
    );
    await expect(canvas.getByText('In progress (40%)')).toBeInTheDocument();
    await expect(canvas.getByText('Failed')).toBeInTheDocument();
    await expect(canvas.queryByText('Sign-ups awaiting activation')).toBeNull();
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Hauls and invoicing' })).toBeInTheDocument();
    await expect(await canvas.findByRole('figure', { name: 'Top destinations, November 2026' })).toBeInTheDocument();
  },
};

/** Staff also see the sign-ups to activate, linking to that view of the user list. */
export const Staff: Story = {
  parameters: { store: signedInAs(DEMO_USERS.staff.email) },
  play: async ({ canvasElement }) => {
    const link = await within(canvasElement).findByRole('link', { name: /^Sign-ups awaiting activation/ }, { timeout: 3000 });
    await expect(link).toHaveAttribute('href', '/users?isActive=false');
    const inactive = mockDb.users.filter((user) => !user.isActive).length;
    await waitFor(() => expect(countIn(link)).toBe(String(inactive)));
  },
};

/** A fresh installation: nothing counted, nothing exported. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        summary: [http.get('*/api/summary', emptySummary), emptyCharts],
        exportRequest: [http.get('*/api/export-requests/', emptyList)],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You have not exported any reports yet.')).toBeInTheDocument();
    await expect(await canvas.findByText('Nothing has been delivered this month yet.')).toBeInTheDocument();
    await waitFor(() =>
      expect(canvas.getAllByTestId('count').map((count) => count.textContent)).toEqual(['0', '0', '0', '0', '0', '0', '0']),
    );
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        summary: [http.get('*/api/summary', () => delay(LOADING_DELAY)), http.get('*/api/summary/charts', () => delay(LOADING_DELAY))],
        exportRequest: [http.get('*/api/export-requests/', () => delay(LOADING_DELAY))],
      },
    },
  },
};

/** The one summary call fails: every count says so (five waybill and two invoice tiles); the exports still show. */
export const CountsFail: Story = {
  parameters: {
    msw: { handlers: { summary: [http.get('*/api/summary', () => HttpResponse.json({ detail: 'x' }, { status: 500 })), charts] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByText('Could not load')).toHaveLength(WAYBILL_STATUSES.length + 2));
    await expect(await canvas.findByRole('link', { name: 'Download worklogs-2026-11-23.csv' })).toBeInTheDocument();
  },
};

/** The charts fail to load: the counts and the exports still show. */
export const ChartsFail: Story = {
  parameters: {
    msw: {
      handlers: {
        summary: [http.get('*/api/summary/charts', () => HttpResponse.json({ detail: 'x' }, { status: 500 })), ...summaryHandlers],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The charts could not be loaded.')).toBeInTheDocument();
    const link = await canvas.findByRole('link', { name: /^Delivered/ });
    await waitFor(() => expect(countIn(link)).toMatch(/^\d+$/));
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Ülevaade' })).toBeInTheDocument();
    await expect(await canvas.findByRole('link', { name: /^Kohale toimetatud/ })).toBeInTheDocument();
    await expect(await canvas.findByRole('link', { name: 'Laadi alla worklogs-2026-11-23.csv' })).toBeInTheDocument();
    await expect(
      await canvas.findByRole('figure', { name: 'Veetud puit nädalas, m³ (kohale toimetatud ja arveldatud koormad)' }),
    ).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, parameters: { store: signedInAs(DEMO_USERS.staff.email) } };

export const DarkEstonian: Story = { globals: { theme: 'dark', locale: 'et' } };
