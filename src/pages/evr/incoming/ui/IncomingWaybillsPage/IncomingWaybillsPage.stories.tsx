import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';

import { IncomingWaybillsPage } from './IncomingWaybillsPage';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };

// Storybook shows the loading state for good; the Jest story runner waits for every request to end, so there it ends soon.
const LOADING_DELAY = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom') ? 200 : ('infinite' as const);

const meta = {
  title: 'pages/evr/IncomingWaybillsPage',
  component: IncomingWaybillsPage,
  parameters: { layout: 'fullscreen', router: { initialPath: '/waybills/incoming' }, store: signedIn },
  render: () => (
    <Routes>
      <Route path="/waybills/incoming" element={<IncomingWaybillsPage />} />
    </Routes>
  ),
} satisfies Meta<typeof IncomingWaybillsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo's five loads others started to us in EVR, newest departure first, each with EVR's status; a measurement beyond the tolerance marked. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Incoming from EVR', level: 1 })).toBeInTheDocument();
    await expect(await canvas.findByRole('link', { name: 'METS260045' })).toHaveAttribute('href', '/waybills/incoming/METS260045');
    const rows = canvas.getAllByRole('row');
    // The heading row and five loads, the newest departure first.
    await expect(rows).toHaveLength(6);
    await expect(rows[1]).toHaveTextContent('METS260045');
    await expect(rows[1]).toHaveTextContent('Finished');
    await expect(canvas.getByText('-4.5 %').tagName).toBe('STRONG');
    // EVR's own cancellation, told apart from a waybill's "Cancelled".
    await expect(canvas.getByText('Cancelled in EVR')).toBeInTheDocument();
  },
};

/** Filtered by EVR's status from the address: only the cancelled load. */
export const Cancelled: Story = {
  parameters: { router: { initialPath: '/waybills/incoming?evrStatusIn=cancelled' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'METS260044' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('row')).toHaveLength(2);
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        incomingWaybill: [http.get('*/api/evr/incoming', () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] }))],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No loads addressed to us in EVR.')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: { incomingWaybill: [http.get('*/api/evr/incoming', () => delay(LOADING_DELAY).then(() => HttpResponse.json({})))] } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('table', { name: 'Incoming from EVR' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const Failed: Story = {
  parameters: {
    msw: {
      handlers: {
        incomingWaybill: [http.get('*/api/evr/incoming', () => HttpResponse.json({ detail: 'Server error' }, { status: 500 }))],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** Searched from the address: the loads whose owner, driver, vehicle, EVR or cadastral number has the words. */
export const Searched: Story = {
  parameters: { router: { initialPath: '/waybills/incoming?search=METS260043' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'METS260043' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('row')).toHaveLength(2);
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Sissetulevad EVR-ist', level: 1 })).toBeInTheDocument();
    await expect(await canvas.findByRole('link', { name: 'METS260045' })).toBeInTheDocument();
    await expect(canvas.getByText('EVR-is tühistatud')).toBeInTheDocument();
    // Estonian writes a negative number with the minus sign (U+2212), as Intl does for et.
    await expect(canvas.getByText('\u22124,5 %').tagName).toBe('STRONG');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'METS260045' })).toBeInTheDocument();
  },
};

/** On a phone: each load a card, its EVR number the card's title. */
export const Phone: Story = {
  parameters: { width: 412 },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'METS260045' })).toBeInTheDocument();
  },
};
