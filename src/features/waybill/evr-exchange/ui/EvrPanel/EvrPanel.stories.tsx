import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';

import { mockWaybill } from '@/entities/waybill/index.mocks';

import { EvrPanel } from './EvrPanel';

const inEvr = mockWaybill({
  status: 'confirmed',
  evrNumber: 'TLM-2026-000042',
  evrStatus: 'shipping',
  evrSync: null,
  evrFailure: null,
  evrError: null,
  evrExchangedAt: '2026-11-27T07:42:00Z',
});
const refused = mockWaybill({
  status: 'confirmed',
  evrSync: 'failed',
  evrFailure: 'invalid',
  evrError: 'EVR refused the data of POST /api/waybills; transport.driverIdCode: Isikukood ei ole korrektne.',
  evrExchangedAt: '2026-11-27T07:42:00Z',
});

const meta = {
  title: 'features/waybill/EvrPanel',
  component: EvrPanel,
  args: { waybill: inEvr },
  parameters: {
    msw: {
      handlers: {
        // The answer never comes: the story stays on the button's busy state.
        evr: [http.post('*/api/waybills/:number/evr_retry/', () => delay('infinite').then(() => HttpResponse.json(refused)))],
      },
    },
  },
} satisfies Meta<typeof EvrPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Started in EVR: its number, EVR's status and when EVR last answered. */
export const InTransit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'EVR' })).toBeInTheDocument();
    await expect(canvas.getByText('TLM-2026-000042')).toBeInTheDocument();
    await expect(canvas.getAllByText('In transit').length).toBeGreaterThan(0);
  },
};

const measuredAct = {
  actNumber: 'MA-2026-118',
  actDate: '2026-11-27T10:00:00Z',
  measurerCode: '12233445',
  measurerName: null,
  creationTime: '2026-11-27T10:05:00Z',
  total: { amount: 24.7, unit: 'tm' },
  items: [{ assortment: 'KU-PALK-18', name: 'Spruce saw log 18+ cm', amount: 24.7, unitCode: 'tm' }],
};

/** Finished by the receiver, measured 0.8 m³ short of 25.5 m³. */
const measured = {
  ...inEvr,
  quantity: '25.500',
  unit: 'm3' as const,
  evrStatus: 'finished' as const,
  evrMeasurement: measuredAct,
  evrMeasuredQuantity: '24.700',
};

/** Finished by the receiver, measured 0.8 m³ short of 25.5 m³: within the 3 % tolerance. */
export const Measured: Story = {
  args: {
    waybill: measured,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'What the receiver measured' })).toBeInTheDocument();
    await expect(canvas.getByText(/-0\.8\sm³ \(-3\.1 %\)/)).toBeInTheDocument();
    // A measurer none of our companies is: its registry code.
    await expect(canvas.getByText('12233445', { exact: true })).toBeInTheDocument();
  },
};

/** Measured by a company of ours: the measurer by name, with its code. */
export const MeasuredByKnownMeasurer: Story = {
  args: {
    waybill: { ...measured, evrMeasurement: { ...measuredAct, measurerName: 'Eesti Metsamõõtjad OÜ' } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Eesti Metsamõõtjad OÜ (12233445)')).toBeInTheDocument();
  },
};

/** Measured 2.5 m³ short: beyond the tolerance, said in words and marked. */
export const MeasuredOff: Story = {
  args: {
    waybill: {
      ...inEvr,
      quantity: '25.500',
      unit: 'm3',
      evrStatus: 'finished',
      evrMeasurement: { ...measuredAct, total: { amount: 23, unit: 'tm' } },
      evrMeasuredQuantity: '23.000',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/beyond the 3 % tolerance/)).toBeInTheDocument();
  },
};

/** A stricter server (EVR_MEASUREMENT_TOLERANCE_PERCENT=2): the same 3.1 % short is beyond it, and the panel names its 2 %. */
export const MeasuredOffStricterTolerance: Story = {
  args: { waybill: measured, tolerancePercent: 2 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/beyond the 2 % tolerance/)).toBeInTheDocument();
  },
};

const noted = {
  ...measured,
  evrNotes: [
    {
      message: 'Koor arvestatud, 3 palki praak.',
      creationTime: '2026-11-27T10:06:00Z',
      creatorName: 'Järva Saeveski AS',
      creatorCode: '10987654',
    },
    { message: 'Second load of the day at the gate.', creationTime: '2026-11-27T11:20:00Z', creatorName: null, creatorCode: '12233445' },
  ],
};

/** The receiver's and a measurer's notes in EVR, oldest first, each with who and when. */
export const WithNotes: Story = {
  args: { waybill: noted },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Notes in EVR' })).toBeInTheDocument();
    const items = canvas.getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('Koor arvestatud, 3 palki praak.');
    await expect(items[0]).toHaveTextContent('Järva Saeveski AS (10987654)');
    await expect(items[1]).toHaveTextContent('12233445');
  },
};

export const WithNotesEstonianDark: Story = {
  args: { waybill: noted },
  globals: { locale: 'et', theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Märkused EVR-is' })).toBeInTheDocument();
  },
};

export const MeasuredOffDark: Story = { ...MeasuredOff, globals: { theme: 'dark' } };

export const MeasuredEstonian: Story = { ...MeasuredOff, globals: { locale: 'et' }, play: undefined };

export const Unloaded: Story = { args: { waybill: { ...inEvr, evrStatus: 'unloaded' } } };

export const NotSent: Story = {
  args: { waybill: mockWaybill({ status: 'draft' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Not in EVR: confirming the waybill sends it there.')).toBeInTheDocument();
  },
};

/** A waybill confirmed before the office's waybills went to EVR: nothing will send it now, and the panel does not promise it. */
export const ConfirmedBeforeEvr: Story = {
  args: { waybill: mockWaybill({ status: 'confirmed' }) },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Not in EVR: this waybill was confirmed before Timberlog sent waybills there.'),
    ).toBeInTheDocument();
  },
};

export const ConnectionOff: Story = {
  args: { waybill: mockWaybill({ status: 'confirmed' }), connected: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/The connection to EVR is off/)).toBeInTheDocument();
  },
};

export const Sending: Story = {
  args: { waybill: { ...inEvr, evrNumber: null, evrStatus: null, evrSync: 'sending', evrExchangedAt: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('sending this step to EVR');
  },
};

/** EVR refused what was sent: its own words, on a red alert, and a Retry. */
export const Refused: Story = {
  args: { waybill: refused },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/EVR refused the waybill: .*Isikukood ei ole korrektne/)).toBeInTheDocument();
    const retry = canvas.getByRole('button', { name: 'Send to EVR again' });
    await userEvent.click(retry);
    await expect(await canvas.findByRole('button', { name: 'Sending…' })).toBeDisabled();
  },
};

export const Unreachable: Story = {
  args: { waybill: { ...refused, evrFailure: 'unreachable', evrError: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/EVR could not be reached/)).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  args: { waybill: refused },
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Saada uuesti EVR-i' })).toBeInTheDocument();
  },
};

export const Dark: Story = { args: { waybill: refused }, globals: { theme: 'dark' } };

export const Phone: Story = { args: { waybill: inEvr }, parameters: { width: 412 } };
