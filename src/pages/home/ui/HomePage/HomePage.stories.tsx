import type { Meta, StoryObj } from '@storybook/react';
import { INVOICE_STATUSES, WAYBILL_STATUSES } from '@timberlog/contract';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { delay, http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';

import { mockExportRequest } from '@/entities/export-request/index.mocks';
import { initialSessionState } from '@/entities/session';
import { mockDb } from '@/shared/mock-db';

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

// Storybook shows the loading state for good; the Jest story runner waits for every request to end, so there it ends soon.
const LOADING_DELAY = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom') ? 200 : ('infinite' as const);

const meta = {
  title: 'pages/home/HomePage',
  component: HomePage,
  parameters: { layout: 'fullscreen', store: signedInAs(DEMO_USERS.user.email), msw: { handlers: { exportRequest: withExports } } },
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
        summary: [http.get('*/api/summary', emptySummary)],
        exportRequest: [http.get('*/api/export-requests/', emptyList)],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You have not exported any reports yet.')).toBeInTheDocument();
    await waitFor(() =>
      expect(canvas.getAllByTestId('count').map((count) => count.textContent)).toEqual(['0', '0', '0', '0', '0', '0', '0']),
    );
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        summary: [http.get('*/api/summary', () => delay(LOADING_DELAY))],
        exportRequest: [http.get('*/api/export-requests/', () => delay(LOADING_DELAY))],
      },
    },
  },
};

/** The one summary call fails: every count says so (five waybill and two invoice tiles); the exports still show. */
export const CountsFail: Story = {
  parameters: {
    msw: { handlers: { summary: [http.get('*/api/summary', () => HttpResponse.json({ detail: 'x' }, { status: 500 }))] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByText('Could not load')).toHaveLength(WAYBILL_STATUSES.length + 2));
    await expect(await canvas.findByRole('link', { name: 'Download worklogs-2026-11-23.csv' })).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Ülevaade' })).toBeInTheDocument();
    await expect(await canvas.findByRole('link', { name: /^Kohale toimetatud/ })).toBeInTheDocument();
    await expect(await canvas.findByRole('link', { name: 'Laadi alla worklogs-2026-11-23.csv' })).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, parameters: { store: signedInAs(DEMO_USERS.staff.email) } };
