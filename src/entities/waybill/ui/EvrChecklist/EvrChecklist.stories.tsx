import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';

import { mockWaybill } from '../../index.mocks';

import { EvrChecklist } from './EvrChecklist';

/** A draft still being filled in: no driver's personal code, no departure, a sales contract without its contract. */
const incomplete = mockWaybill({
  driverIdCode: null,
  departureTime: null,
  holdingBasisType: 'SalesContract',
  contractNumber: null,
  contractDate: null,
  previousOwnerName: 'Ants Saar',
  previousOwnerCode: '38001085718',
  previousOwnerAddress: 'Metsa talu, Paide vald',
});

const meta = {
  title: 'entities/waybill/EvrChecklist',
  component: EvrChecklist,
  args: { waybill: incomplete },
} satisfies Meta<typeof EvrChecklist>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Incomplete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Ready for EVR' })).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('4 things are still missing');
    // The sales contract asks for its number and date beside the fields every waybill needs.
    for (const label of ["Driver's personal ID code", 'Departure', 'Contract or act number', 'Contract or act date'])
      await expect(canvas.getByText(label).closest('li')).toHaveTextContent('EVR needs this to confirm the waybill.');
    await expect(canvas.getByText('Transporter').closest('li')).toHaveTextContent('Filled in');
  },
};

export const Complete: Story = {
  args: { waybill: mockWaybill() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Everything EVR needs is filled in');
    await expect(canvas.queryByText('EVR needs this to confirm the waybill.')).toBeNull();
  },
};

/** A private forest owner whose personal code has a wrong check digit: said on the owner's line. */
export const MalformedOwnerCode: Story = {
  args: { waybill: mockWaybill({ ownerCompany: null, ownerPersonName: 'Kadri Kask', ownerPersonCode: '49403130249' }) },
  play: async ({ canvasElement }) => {
    const owner = within(canvasElement)
      .getByText(/^Owner/)
      .closest('li');
    await expect(owner).toHaveTextContent('personal ID code');
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Valmis EVR-i jaoks' })).toBeInTheDocument();
  },
};
