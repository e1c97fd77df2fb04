import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';
import type { Worklog } from '@/entities/worklog';
import { mockWorklog } from '@/entities/worklog/index.mocks';

import { WorklogsPage } from './WorklogsPage';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };

// Storybook shows the loading state for good; the Jest story runner waits for every request to end, so there it ends soon.
const LOADING_DELAY = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom') ? 200 : ('infinite' as const);

const page = (results: Worklog[]) => [
  http.get('*/api/worklogs/', () => HttpResponse.json({ count: results.length, next: null, previous: null, results })),
];

const meta = {
  title: 'pages/worklogs/WorklogsPage',
  component: WorklogsPage,
  parameters: { layout: 'fullscreen', router: { initialPath: '/worklogs' }, store: signedIn },
  render: () => (
    <Routes>
      <Route path="/worklogs" element={<WorklogsPage />} />
      <Route path="/worklogs/:number" element={<p>A worklog</p>} />
    </Routes>
  ),
} satisfies Meta<typeof WorklogsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('table', { name: 'Worklogs' }));

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await table(canvasElement);
    // The header row is there at once; the data rows once the list has loaded.
    await waitFor(() => expect(rows.getAllByRole('row').length).toBeGreaterThan(1));
    await expect(canvas.getByRole('link', { name: 'New worklog' })).toHaveAttribute('href', '/worklogs/new');
    await expect(canvas.getByRole('button', { name: 'Export report' })).toBeInTheDocument();
    // The default columns of the contract; the others are in the column chooser.
    for (const name of ['Number', 'Time', 'Action', 'Warehouse', 'Worker', 'Assortment', 'Quantity', 'Duration']) {
      await expect(rows.getAllByRole('columnheader', { name: new RegExp(`^${name}`) }).length).toBeGreaterThan(0);
    }
    // Item 15: quantities in their assortment's unit, as on waybills.
    await waitFor(() => expect(rows.getAllByText(/^[\d.,]+\s(m³|t)$/).length).toBeGreaterThan(0));
  },
};

export const ExportDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Export report' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'Export worklog report' }));
    await expect(dialog.getByRole('radio', { name: 'Excel (xlsx)' })).toBeChecked();
    await userEvent.click(dialog.getByRole('radio', { name: 'CSV' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Export' }));
    // The dialog closes once the server has taken the request.
    await waitFor(() => expect(within(document.body).queryByRole('dialog', { name: 'Export worklog report' })).toBeNull());
  },
};

export const ManyRows: Story = {
  parameters: {
    msw: {
      handlers: {
        worklog: page(
          Array.from({ length: 100 }, (_, index) =>
            mockWorklog({ number: `L-2026-${String(index + 1).padStart(6, '0')}`, action: index % 3 === 0 ? 'loading' : 'arrival' }),
          ),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const rows = await table(canvasElement);
    await expect(await rows.findByText('L-2026-000100')).toBeInTheDocument();
  },
};

export const LongValues: Story = {
  parameters: {
    msw: {
      handlers: {
        worklog: page([
          mockWorklog({
            number: 'L-2026-000042',
            warehouseName: 'Kõrvemaa metsaülemaa vaheladu number kaks, põhjapoolne plats',
            warehouseCompanyName: 'Lõuna-Eesti Puidutööstuse ja Metsamajanduse Aktsiaselts',
            workerName: 'Hans-Christian Vanamõisa-Kõrgemäe',
            quantity: '123456.789',
            durationMinutes: 1440,
          }),
        ]),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const rows = await table(canvasElement);
    await expect(await rows.findByText('Hans-Christian Vanamõisa-Kõrgemäe')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { worklog: page([]) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No worklogs match.')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { worklog: [http.get('*/api/worklogs/', () => delay(LOADING_DELAY))] } } },
};

export const ServerError: Story = {
  parameters: {
    msw: { handlers: { worklog: [http.get('*/api/worklogs/', () => HttpResponse.json({ detail: 'x' }, { status: 500 }))] } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Töökanded' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Uus töökanne' })).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await table(canvasElement);
  },
};

const thirtyWorklogs = Array.from({ length: 30 }, (_, index) => mockWorklog({ number: `WL-2026-${String(index + 1).padStart(6, '0')}` }));

/** The pages the list asked for in PagePastTheEnd. */
const pagesAsked: number[] = [];

/**
 * A link to page 9 of a 30-row list (the API answers 404 "Invalid page." with the list's count): the
 * list moves straight to the last page, 2, asking nothing else.
 */
export const PagePastTheEnd: Story = {
  parameters: {
    router: { initialPath: '/worklogs?pageNumber=9' },
    msw: {
      handlers: {
        worklog: [
          http.get('*/api/worklogs/', ({ request }) => {
            const pageNumber = Number(new URL(request.url).searchParams.get('pageNumber') ?? '1');
            pagesAsked.push(pageNumber);
            if (pageNumber > 2) return HttpResponse.json({ detail: 'Invalid page.', count: 30 }, { status: 404 });
            const results = thirtyWorklogs.slice((pageNumber - 1) * 25, pageNumber * 25);
            return HttpResponse.json({ count: 30, next: null, previous: null, results });
          }),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('26–30 of 30', {}, { timeout: 5000 })).toBeInTheDocument();
    // The 404 told the count: no page 1 was asked for it.
    await expect(pagesAsked).toContain(9);
    await expect(pagesAsked).not.toContain(1);
    await expect(await canvas.findByText('WL-2026-000030')).toBeInTheDocument();
  },
};

/** A link with two actions: the filter bar shows them as chips and the list call sends both. */
export const Filtered: Story = {
  parameters: {
    router: { initialPath: '/worklogs?actionIn=loading&actionIn=unloading' },
    msw: {
      handlers: {
        worklog: [
          http.get('*/api/worklogs/', ({ request }) => {
            const matches = new URL(request.url).searchParams.getAll('actionIn').join() === 'loading,unloading';
            const results = matches ? [mockWorklog({ number: 'WL-2026-000777', action: 'loading' })] : [];
            return HttpResponse.json({ count: results.length, next: null, previous: null, results });
          }),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('WL-2026-000777')).toBeInTheDocument();
    const chips = within(canvas.getByRole('list', { name: 'Active filters' }));
    await expect(chips.getByText('Action: Loading')).toBeInTheDocument();
    await expect(chips.getByText('Action: Unloading')).toBeInTheDocument();
  },
};
