import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import type { SummaryCharts } from '@/entities/summary';
import { mockSummary, mockSummaryCharts } from '@/entities/summary/index.mocks';
import { requestLocale } from '@/shared/mock-db';

import { HomeCharts } from './HomeCharts';

// The demo data's own last day: the charts show the same weeks whatever day the stories run.
const TODAY = '2026-11-20';
const summaryWith = (charts: (request: Request) => SummaryCharts) => [
  http.get('*/api/summary', () => HttpResponse.json(mockSummary({ isStaff: false }))),
  http.get('*/api/summary/charts', ({ request }) => HttpResponse.json(charts(request))),
];
/** A figure by its caption. */
const figure = (canvasElement: HTMLElement, caption: string, options?: { timeout: number }) =>
  within(canvasElement).findByRole('figure', { name: caption }, options);
// The reference names in the request's language, as the server answers.
const loaded = summaryWith((request) => mockSummaryCharts(TODAY, requestLocale(request)));
/** Nothing hauled, delivered or invoiced in the periods: a fresh installation. */
const empty = summaryWith(() => ({ ...mockSummaryCharts(TODAY), hauls: [], topDestinations: [], invoicing: [] }));

// Storybook shows the loading state for good; the Jest story runner waits for every request to end, so there it ends soon.
const LOADING_DELAY = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom') ? 200 : ('infinite' as const);

const meta = {
  title: 'pages/home/HomeCharts',
  component: HomeCharts,
  parameters: { msw: { handlers: { summary: loaded } } },
} satisfies Meta<typeof HomeCharts>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hauls per week in m³ and in t, the month's destinations and the year's invoicing, each with its table. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const charts = mockSummaryCharts(TODAY);
    await expect(await figure(canvasElement, 'Timber hauled per week, m³ (delivered and invoiced loads)')).toBeInTheDocument();
    await expect(await figure(canvasElement, 'Timber hauled per week, t (delivered and invoiced loads)')).toBeInTheDocument();
    await expect(await figure(canvasElement, 'Top destinations, November 2026')).toBeInTheDocument();
    // The week under way is counted so far, and says so.
    const weeks = within(canvas.getByRole('table', { name: 'Timber hauled per week, m³ (delivered and invoiced loads)' }));
    await expect(weeks.getByRole('rowheader', { name: '16/11/2026, so far' })).toBeInTheDocument();
    await expect(weeks.getByRole('rowheader', { name: '09/11/2026' })).toBeInTheDocument();
    await expect(await figure(canvasElement, 'Invoiced per month, € with VAT')).toBeInTheDocument();
    await expect(canvas.getAllByRole('figure')).toHaveLength(4);
    // The leading destination's loads, as the bar says and the table holds them.
    const top = charts.topDestinations[0]!;
    const table = canvas.getByRole('table', { name: 'Top destinations, November 2026' });
    const row = within(table).getByRole('row', { name: new RegExp(`^${top.destinationName}`) });
    await expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(String(top.waybills));
    // The table is shown on request, and hidden again.
    const [show] = canvas.getAllByRole('button', { name: 'Show as a table' });
    await userEvent.click(show!);
    await expect(show).toHaveAttribute('aria-pressed', 'true');
    await expect(show).toHaveTextContent('Hide the table');
    await userEvent.click(show!);
    await expect(show).toHaveAttribute('aria-pressed', 'false');
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await figure(canvasElement, 'Veetud puit nädalas, m³ (kohale toimetatud ja arveldatud koormad)')).toBeInTheDocument();
    await expect(await figure(canvasElement, 'Suurimad sihtkohad, november 2026')).toBeInTheDocument();
    await expect(canvas.getByText('Seisuga 20.11.2026')).toBeInTheDocument();
    // Decimal commas in the tables.
    const [hauls] = canvas.getAllByRole('table');
    const destinations = canvas.getByRole('table', { name: 'Suurimad sihtkohad, november 2026' });
    await expect(within(hauls!).getAllByText(/^\d[\d\s]*,\d{3}$/).length).toBeGreaterThan(0);
    // The reference data's Estonian names: the assortment types in the legend and table, the places.
    await expect(within(hauls!).getAllByRole('columnheader', { name: 'Palk' }).length).toBeGreaterThan(0);
    await expect(within(hauls!).queryAllByRole('columnheader', { name: 'Saw logs' })).toHaveLength(0);
    await expect(
      within(destinations).getAllByRole('rowheader', { name: /sadam|saeveski|terminal|koostootmisjaam|plats/ }).length,
    ).toBeGreaterThan(0);
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const DarkEstonian: Story = { globals: { theme: 'dark', locale: 'et' } };

/** On a phone's width: every other week keeps its label. */
export const Narrow: Story = { parameters: { width: 380 } };

export const Empty: Story = {
  parameters: { msw: { handlers: { summary: empty } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No timber measured in m³ was delivered in these 12 weeks.')).toBeInTheDocument();
    await expect(canvas.getByText('No timber measured in t was delivered in these 12 weeks.')).toBeInTheDocument();
    await expect(canvas.getByText('Nothing has been delivered this month yet.')).toBeInTheDocument();
    await expect(canvas.getByText('No invoices were issued in these 12 months.')).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        summary: [
          http.get('*/api/summary', () => HttpResponse.json(mockSummary({ isStaff: false }))),
          http.get('*/api/summary/charts', () => delay(LOADING_DELAY)),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('charts-loading')).toBeInTheDocument();
  },
};

/**
 * The answer comes while the card already shows: the heading read before is the same element
 * after the figures and the "as of" date are drawn, not a new one (a screen reader's place, and a
 * test's reference, stay on it).
 */
export const ArrivesLater: Story = {
  parameters: {
    msw: {
      handlers: {
        summary: [
          http.get('*/api/summary', () => HttpResponse.json(mockSummary({ isStaff: false }))),
          http.get('*/api/summary/charts', async () => {
            await delay(300);
            return HttpResponse.json(mockSummaryCharts(TODAY));
          }),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('charts-loading')).toBeInTheDocument();
    const heading = canvas.getByRole('heading', { level: 2, name: 'Hauls and invoicing' });
    await expect(await figure(canvasElement, 'Invoiced per month, € with VAT', { timeout: 3000 })).toBeInTheDocument();
    await expect(canvas.getByText(/^As of \S/)).toBeInTheDocument();
    await expect(heading).toBeInTheDocument();
  },
};

/** The charts fail to load: a message and a retry that asks again. */
export const Error: Story = {
  parameters: {
    msw: {
      handlers: {
        summary: [
          http.get('*/api/summary', () => HttpResponse.json(mockSummary({ isStaff: false }))),
          http.get('*/api/summary/charts', () => HttpResponse.json({ detail: 'x' }, { status: 500 })),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The charts could not be loaded.')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled());
  },
};
