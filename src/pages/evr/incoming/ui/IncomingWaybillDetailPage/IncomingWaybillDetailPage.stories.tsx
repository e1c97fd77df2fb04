import type { Meta, StoryObj } from '@storybook/react';
import { Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';

import { IncomingWaybillDetailPage } from './IncomingWaybillDetailPage';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };

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
    await expect(canvas.getByText('From EVR')).toBeInTheDocument();
    await expect(canvas.getByText('Hiiumaa Metsatalu OÜ', { exact: false })).toBeInTheDocument();
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

export const Finished: Story = { parameters: at('METS260045') };

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

export const Dark: Story = { globals: { theme: 'dark' } };

export const Phone: Story = { parameters: { width: 412 } };
