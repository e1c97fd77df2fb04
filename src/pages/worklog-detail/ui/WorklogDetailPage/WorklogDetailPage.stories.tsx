import { translate } from '@timberlog/contract';
import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';

import { mockAssortment } from '@/entities/assortment/index.mocks';
import { initialSessionState } from '@/entities/session';
import type { Worklog } from '@/entities/worklog';
import { mockWorklog } from '@/entities/worklog/index.mocks';

import { WorklogDetailPage } from './WorklogDetailPage';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };

const NUMBER = 'L-2026-000042';
const worklog = mockWorklog({ number: NUMBER, warehouse: 3, waybill: 'W-2026-000042', quantity: '12.500', durationMinutes: 45 });

const answer = (value: Worklog) => [http.get('*/api/worklogs/:number/', () => HttpResponse.json(value))];

// Storybook shows the loading state for good; the Jest story runner waits for every request to end, so there it ends soon.
const LOADING_DELAY = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom') ? 200 : ('infinite' as const);

const meta = {
  title: 'pages/worklog-detail/WorklogDetailPage',
  component: WorklogDetailPage,
  parameters: {
    layout: 'fullscreen',
    router: { initialPath: `/worklogs/${NUMBER}` },
    store: signedIn,
    msw: {
      handlers: {
        worklog: answer(worklog),
        assortment: [
          http.get('*/api/assortments/:code/', () => HttpResponse.json(mockAssortment({ code: worklog.assortment ?? 'SPR-SAW' }))),
        ],
      },
    },
  },
  render: () => (
    <Routes>
      <Route path="/worklogs/:number" element={<WorklogDetailPage />} />
    </Routes>
  ),
} satisfies Meta<typeof WorklogDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'W-2026-000042' })).toHaveAttribute('href', '/waybills/W-2026-000042');
    await expect(canvas.getByRole('link', { name: 'Tartu yard' })).toHaveAttribute('href', '/worklogs?warehouse=3');
    await expect(canvas.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/worklogs/${NUMBER}/edit`);
    // Worklogs are a record of work done: never deleted.
    await expect(canvas.queryByRole('button', { name: 'Delete' })).toBeNull();
    // Item 15: the quantity in its assortment's unit, as on waybills.
    await expect(await canvas.findByText(/^12\.500\sm³$/)).toBeInTheDocument();
  },
};

export const LongValues: Story = {
  parameters: {
    msw: {
      handlers: {
        worklog: answer(
          mockWorklog({
            number: NUMBER,
            warehouseName: 'Kõrvemaa metsaülemaa vaheladu number kaks, põhjapoolne plats',
            workerName: 'Hans-Christian Vanamõisa-Kõrgemäe',
            notes: 'Sorteeritud kolme virna. '.repeat(50),
          }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Hans-Christian Vanamõisa-Kõrgemäe')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { worklog: [http.get('*/api/worklogs/:number/', () => delay(LOADING_DELAY))] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading…')).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: {
    msw: {
      handlers: {
        worklog: [http.get('*/api/worklogs/:number/', () => HttpResponse.json({ detail: translate('en', 'notFound') }, { status: 404 }))],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Worklog not found' })).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('12,500')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 1, name: `Töökanne ${NUMBER}` })).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Jaan Tamm')).toBeInTheDocument();
  },
};
