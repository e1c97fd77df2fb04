import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';

import { IncomingWaybillDetailPage } from './IncomingWaybillDetailPage';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };

// Storybook shows the loading state for good; the Jest story runner waits for every request to end, so there it ends soon.
const LOADING_DELAY = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom') ? 200 : ('infinite' as const);

const at = (number: string) => ({ router: { initialPath: `/waybills/incoming/${number}` } });

const meta = {
  title: 'pages/evr/IncomingWaybillDetailPage',
  component: IncomingWaybillDetailPage,
  parameters: { layout: 'fullscreen', ...at('METS260043'), store: signedIn },
  render: () => (
    <Routes>
      <Route path="/waybills/incoming/:number" element={<IncomingWaybillDetailPage />} />
    </Routes>
  ),
} satisfies Meta<typeof IncomingWaybillDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Unloaded and measured 4.5 % short of what was shipped: beyond the tolerance, marked; the supplier's note; read-only, from EVR. */
export const MeasuredBeyondTolerance: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Incoming waybill METS260043', level: 1 })).toBeInTheDocument();
    // The heading is there while the waybill loads; the rest once it has.
    await expect(await canvas.findByText('From EVR')).toBeInTheDocument();
    // The owner, with its code (the same company carries the load and wrote the note in EVR).
    const owner = canvas.getByText('From (owner)').closest('div')!;
    await expect(within(owner).getByRole('definition')).toHaveTextContent(/^Hiiumaa Metsatalu OÜ \(\d{8}\)$/);
    await expect(canvas.getByText('39201:004:0021')).toBeInTheDocument();
    await expect(canvas.getByText(/beyond the 3 % tolerance/)).toBeInTheDocument();
    await expect(canvas.getByText('Mõõdetud Võru platsil, koor arvestatud.')).toBeInTheDocument();
    // Nothing to edit: EVR keeps every field.
    await expect(canvas.queryByRole('link', { name: 'Edit' })).toBeNull();
  },
};

/** On its way: EVR's number, the holding basis and its cadastral number, the certificate claim, the EUDR numbers. */
export const Shipping: Story = {
  parameters: at('METS260041'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('62401:002:0170')).toBeInTheDocument();
    await expect(canvas.getByText('26EE4100000')).toBeInTheDocument();
    await expect(canvas.getByText(/FSC Mix \(NC-COC-012345\)/)).toBeInTheDocument();
  },
};

/** Finished in EVR: measured within the tolerance, so nothing is marked. */
export const Finished: Story = {
  parameters: at('METS260045'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Incoming waybill METS260045', level: 1 })).toBeInTheDocument();
    // The heading is there while the waybill loads; EVR's status once it has.
    await expect((await canvas.findAllByText('Finished')).length).toBeGreaterThan(0);
    await expect(canvas.getByText('Finished at')).toBeInTheDocument();
    await expect(canvas.queryByText(/beyond the/)).toBeNull();
  },
};

/** Cancelled by its sender, with the reason. */
export const Cancelled: Story = {
  parameters: at('METS260044'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Veok ei väljunud: tee suletud.')).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: at('NOPE000001'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Incoming waybill not found' })).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Sissetulev veoseleht METS260043', level: 1 }),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { incomingWaybill: [http.get('*/api/evr/incoming/:number', () => delay(LOADING_DELAY))] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading…')).toBeInTheDocument();
  },
};

export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: { incomingWaybill: [http.get('*/api/evr/incoming/:number', () => HttpResponse.json({ detail: 'x' }, { status: 500 }))] },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // On the page, and in the app-wide toast for a 5xx.
    await expect(canvas.getAllByText('Something went wrong (error 500). Please try again.').length).toBeGreaterThan(0);
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/beyond the 3 % tolerance/)).toBeInTheDocument();
  },
};

export const Phone: Story = {
  parameters: { width: 412 },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Incoming waybill METS260043', level: 1 })).toBeInTheDocument();
  },
};
