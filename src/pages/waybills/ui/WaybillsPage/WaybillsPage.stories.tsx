import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';
import type { Waybill } from '@/entities/waybill';
import { mockWaybill } from '@/entities/waybill/index.mocks';

import { WaybillsPage } from './WaybillsPage';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };

// Storybook shows the loading state for good; the Jest story runner waits for every request to end, so there it ends soon.
const LOADING_DELAY = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom') ? 200 : ('infinite' as const);

const page = (results: Waybill[]) => [
  http.get('*/api/waybills/', () => HttpResponse.json({ count: results.length, next: null, previous: null, results })),
];

const meta = {
  title: 'pages/waybills/WaybillsPage',
  component: WaybillsPage,
  parameters: { layout: 'fullscreen', router: { initialPath: '/waybills' }, store: signedIn },
  render: () => (
    <Routes>
      <Route path="/waybills" element={<WaybillsPage />} />
      <Route path="/waybills/:number" element={<p>A waybill</p>} />
    </Routes>
  ),
} satisfies Meta<typeof WaybillsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const thirtyWaybills = Array.from({ length: 30 }, (_, index) => mockWaybill({ number: `W-2026-${String(index + 1).padStart(6, '0')}` }));

const table = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('table', { name: 'Waybills' }));

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await table(canvasElement);
    // The header row is there at once; the data rows once the list has loaded.
    await waitFor(() => expect(rows.getAllByRole('row').length).toBeGreaterThan(1));
    await expect(canvas.getByRole('link', { name: 'New waybill' })).toHaveAttribute('href', '/waybills/new');
    await expect(canvas.getByRole('button', { name: 'Export report' })).toBeInTheDocument();
    // The default columns (the contract's defaults, which fit 1280 px); the others are in the column chooser.
    for (const name of ['Number', 'Status', 'Transport date', 'Origin', 'Destination', 'Assortment', 'Quantity', 'Driver']) {
      await expect(rows.getAllByRole('columnheader', { name: new RegExp(`^${name}`) }).length).toBeGreaterThan(0);
    }
    await expect(rows.queryByRole('columnheader', { name: /^Mileage/ })).not.toBeInTheDocument();
  },
};

/**
 * Item 6: "Skip to results" passes the filters; the header row is one tab stop, with arrow keys
 * between its columns. The page's top has one too, before its header's buttons (with "Skip to the search").
 */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await table(canvasElement);
    await waitFor(() => expect(rows.getAllByRole('row').length).toBeGreaterThan(1));
    const headerStops = rows.getAllByRole('columnheader').flatMap((header) => within(header).queryAllByRole('button'));
    await expect(headerStops.filter((button) => button.tabIndex === 0)).toHaveLength(1);
    headerStops[0]?.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(headerStops[1]).toHaveFocus();
    const filterBar = canvas.getByRole('region', { name: 'Filters' });
    await userEvent.click(within(filterBar).getByRole('link', { name: 'Skip to results' }));
    await expect(rows.getAllByRole('row')[1]).toHaveFocus();
    // The one at the top of the page: the same rows.
    const [top, ...others] = canvas.getAllByRole('link', { name: 'Skip to results' });
    await expect(others).toEqual([within(filterBar).getByRole('link', { name: 'Skip to results' })]);
    headerStops[0]?.focus();
    await userEvent.click(top!);
    await expect(rows.getAllByRole('row')[1]).toHaveFocus();
  },
};

export const ExportDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Export report' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'Export waybill report' }));
    await expect(dialog.getByRole('radio', { name: 'Excel (xlsx)' })).toBeChecked();
    await userEvent.click(dialog.getByRole('radio', { name: 'CSV' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Export' }));
    // The dialog closes once the server has taken the request.
    await waitFor(() => expect(within(document.body).queryByRole('dialog', { name: 'Export waybill report' })).toBeNull());
  },
};

export const ManyRows: Story = {
  parameters: {
    msw: {
      handlers: {
        waybill: page(
          Array.from({ length: 100 }, (_, index) =>
            mockWaybill({ number: `W-2026-${String(index + 1).padStart(6, '0')}`, status: index % 3 === 0 ? 'delivered' : 'draft' }),
          ),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const rows = await table(canvasElement);
    await expect(await rows.findByText('W-2026-000100')).toBeInTheDocument();
  },
};

export const LongValues: Story = {
  parameters: {
    msw: {
      handlers: {
        waybill: page([
          mockWaybill({
            number: 'W-2026-000042/EXTRA-LONG',
            originName: 'Kõrvemaa metsaülemaa vaheladu number kaks, põhjapoolne plats',
            destinationCompanyName: 'Lõuna-Eesti Puidutööstuse ja Metsamajanduse Aktsiaselts',
            driverName: 'Hans-Christian Vanamõisa-Kõrgemäe',
            quantity: '123456.789',
            mileage: 10000,
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
  parameters: { msw: { handlers: { waybill: page([]) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No waybills match.')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { waybill: [http.get('*/api/waybills/', () => delay(LOADING_DELAY))] } } },
};

export const ServerError: Story = {
  parameters: {
    msw: { handlers: { waybill: [http.get('*/api/waybills/', () => HttpResponse.json({ detail: 'x' }, { status: 500 }))] } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** The list's calls so far in the Stale stories: the first is answered, the rest get no answer (the server went away). */
let staleCalls = 0;
const refreshFails = {
  beforeEach: () => {
    staleCalls = 0;
  },
  parameters: {
    msw: {
      handlers: {
        waybill: [
          http.get('*/api/waybills/', () => {
            staleCalls += 1;
            if (staleCalls > 1) return HttpResponse.error();
            const results = thirtyWaybills.slice(0, 8);
            return HttpResponse.json({ count: 30, next: null, previous: null, results });
          }),
        ],
      },
    },
  },
};

/**
 * Refreshes the list as the browser coming online does (RTK Query refetches on reconnect); that
 * refresh gets no answer. `name` is the table's, in the story's language.
 */
const refreshWithoutAnswer = async (canvasElement: HTMLElement, name = 'Waybills') => {
  const rows = within(await within(canvasElement).findByRole('table', { name }));
  await waitFor(() => expect(rows.getAllByRole('row').length).toBeGreaterThan(1));
  window.dispatchEvent(new Event('online'));
  await waitFor(() => expect(staleCalls).toBeGreaterThan(1));
  return rows;
};

/**
 * A refresh that got no answer: the rows and the count from before stay, marked "Not up to date —
 * couldn't refresh at 10:42" instead of being passed off as current (and not replaced by an error).
 */
export const Stale: Story = {
  ...refreshFails,
  play: async ({ canvasElement }) => {
    const rows = await refreshWithoutAnswer(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^Not up to date — couldn't refresh at \d{2}:\d{2}\.$/)).toBeInTheDocument();
    await expect(rows.getAllByRole('row')).toHaveLength(9);
    await expect(canvas.queryByRole('button', { name: 'Retry' })).toBeNull();
  },
};

export const StaleEstonian: Story = {
  ...refreshFails,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await refreshWithoutAnswer(canvasElement, 'Veoselehed');
    await expect(
      await within(canvasElement).findByText(/^Pole ajakohane — värskendamine ebaõnnestus kell \d{2}:\d{2}\.$/),
    ).toBeInTheDocument();
  },
};

export const StaleDark: Story = {
  ...refreshFails,
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await refreshWithoutAnswer(canvasElement);
    await expect(await within(canvasElement).findByText(/^Not up to date/)).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Veoselehed' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Uus veoseleht' })).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await table(canvasElement);
  },
};

/** The pages the list asked for in PagePastTheEnd. */
const pagesAsked: number[] = [];

/**
 * A link to page 9 of a 30-row list (the API answers 404 "Invalid page." with the list's count): the
 * list moves straight to the last page, 2, asking nothing else.
 */
export const PagePastTheEnd: Story = {
  parameters: {
    router: { initialPath: '/waybills?pageNumber=9' },
    msw: {
      handlers: {
        waybill: [
          http.get('*/api/waybills/', ({ request }) => {
            const pageNumber = Number(new URL(request.url).searchParams.get('pageNumber') ?? '1');
            pagesAsked.push(pageNumber);
            if (pageNumber > 2) return HttpResponse.json({ detail: 'Invalid page.', count: 30 }, { status: 404 });
            const results = thirtyWaybills.slice((pageNumber - 1) * 25, pageNumber * 25);
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
    await expect(await canvas.findByText('W-2026-000030')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Retry' })).toBeNull();
  },
};

/** A link with two statuses and a date range: the filter bar shows them as chips and the list call sends them. */
export const Filtered: Story = {
  parameters: {
    router: { initialPath: '/waybills?statusIn=draft&statusIn=confirmed&transportDateAfter=2026-03-01&transportDateBefore=2026-03-31' },
    msw: {
      handlers: {
        waybill: [
          http.get('*/api/waybills/', ({ request }) => {
            const params = new URL(request.url).searchParams;
            const matches = params.getAll('statusIn').join() === 'draft,confirmed' && params.get('transportDateAfter') === '2026-03-01';
            const results = matches ? [mockWaybill({ number: 'W-2026-000777', status: 'confirmed' })] : [];
            return HttpResponse.json({ count: results.length, next: null, previous: null, results });
          }),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('W-2026-000777')).toBeInTheDocument();
    const chips = within(canvas.getByRole('list', { name: 'Active filters' }));
    await expect(chips.getByText('Status: Draft')).toBeInTheDocument();
    await expect(chips.getByText('Status: Confirmed')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  },
};

/** A page of three (two drafts, one delivered) of 30 that match; the bulk action answers as the server would. */
const selectionApi = () => {
  const rows = [
    mockWaybill({ number: 'W-2026-000101', status: 'draft' }),
    mockWaybill({ number: 'W-2026-000102', status: 'draft' }),
    mockWaybill({ number: 'W-2026-000103', status: 'delivered' }),
  ];
  const sent: unknown[] = [];
  return {
    sent,
    handlers: [
      http.get('*/api/waybills/', () => HttpResponse.json({ count: 30, next: null, previous: null, results: rows })),
      http.post('*/api/waybills/bulk/', async ({ request }) => {
        const body = (await request.json()) as {
          action: 'confirm';
          dryRun: boolean;
          rows?: { number: string; version: number }[];
          filters?: string;
        };
        sent.push(body);
        const numbers = body.rows?.map((row) => row.number) ?? rows.map((row) => row.number);
        const result = numbers.map((number) =>
          number === 'W-2026-000103'
            ? { number, outcome: 'refused', from: null, to: null, message: 'A waybill cannot go from "Delivered" to "Confirmed".' }
            : { number, outcome: 'done', from: 'draft', to: 'confirmed', message: null },
        );
        const done = result.filter((row) => row.outcome === 'done').length;
        return HttpResponse.json({
          action: body.action,
          dryRun: body.dryRun,
          total: result.length,
          done,
          unchanged: 0,
          refused: result.length - done,
          stale: 0,
          missing: 0,
          rows: result,
          exportRequest: null,
        });
      }),
    ],
  };
};

/** Any row can be picked for a bulk action; "Create invoice" takes the delivered ones among them. */
export const BulkSelection: Story = {
  parameters: { msw: { handlers: { waybill: selectionApi().handlers } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await table(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Actions' })).toBeDisabled();
    await userEvent.click(await rows.findByRole('checkbox', { name: 'Select W-2026-000101' }));
    await expect(canvas.getByRole('link', { name: 'Create invoice' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByText('1 waybill selected.')).toBeInTheDocument();
    await userEvent.click(rows.getByRole('checkbox', { name: 'Select W-2026-000103' }));
    await expect(canvas.getByRole('link', { name: 'Create invoice' })).toHaveAttribute('href', '/invoices/new?waybills=W-2026-000103');
    await userEvent.click(rows.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await expect(canvas.getByText('All 3 waybills on this page are selected.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Select all 30 waybills matching the filters' }));
    await expect(canvas.getByText('All 30 waybills matching the filters are selected.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear selection' }));
    await expect(canvas.queryByRole('region', { name: 'Selection' })).toBeNull();
  },
};

/** Confirm the selected drafts: the menu, the preview (one refused, and why), the run, the results. */
export const BulkConfirm: Story = {
  parameters: { msw: { handlers: { waybill: selectionApi().handlers } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await table(canvasElement);
    await rows.findByRole('checkbox', { name: 'Select W-2026-000101' });
    await userEvent.click(rows.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Actions' }));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: 'Confirm' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'Confirm waybills' }));
    await expect(await dialog.findByText('2 waybills will be confirmed.')).toBeInTheDocument();
    await expect(dialog.getByRole('rowheader', { name: 'W-2026-000103' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm 2 waybills' }));
    await expect(await dialog.findByText('2 waybills confirmed.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    // Done with: the selection is cleared.
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Selection' })).toBeNull());
  },
};

export const BulkConfirmEstonian: Story = {
  globals: { locale: 'et' },
  parameters: { msw: { handlers: { waybill: selectionApi().handlers } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = within(await canvas.findByRole('table', { name: 'Veoselehed' }));
    await userEvent.click(await rows.findByRole('checkbox', { name: /W-2026-000101/ }));
    await expect(canvas.getByText('Valitud 1 veoseleht.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Toimingud' })).toBeEnabled();
  },
};

export const BulkSelectionDark: Story = {
  globals: { theme: 'dark' },
  parameters: { msw: { handlers: { waybill: selectionApi().handlers } } },
  play: async ({ canvasElement }) => {
    const rows = await table(canvasElement);
    await rows.findByRole('checkbox', { name: 'Select W-2026-000101' });
    await userEvent.click(rows.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await expect(within(canvasElement).getByRole('button', { name: /Select all 30/ })).toBeInTheDocument();
  },
};
