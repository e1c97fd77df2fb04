import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';
import { mockDb } from '@/shared/mock-db';

import { ImportDialog } from './ImportDialog';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };

/** Two trips like a demo waybill (its places and assortment exist); the second's quantity is `quantity`. */
const csv = (quantity: string) => {
  const like = mockDb.waybills.find((waybill) => waybill.status === 'draft') ?? mockDb.waybills[0]!;
  const row = (amount: string) =>
    [like.transportDate, like.origin, like.destination, 'Peeter Kask', '123ABC', '180', like.assortment, amount].join(';');
  return ['Transport date;Origin;Destination;Driver;Truck;Mileage (km);Assortment;Quantity', row('12.500'), row(quantity)].join('\r\n');
};

const meta = {
  title: 'features/waybill/import/ImportDialog',
  component: ImportDialog,
  parameters: { store: signedIn },
  args: { onOpenChange: fn() },
} satisfies Meta<typeof ImportDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () => within(await within(document.body).findByRole('dialog', { name: 'Import waybills' }));

/**
 * The mocks check the file as the server does: an unknown heading ("Truck") is assigned to the
 * vehicle, the check lists the bad row, and the fixed file imports.
 */
export const MapCheckFixImport: Story = {
  play: async () => {
    const box = await dialog();
    await userEvent.upload(box.getByLabelText('Spreadsheet (CSV or Excel)'), new File([csv('12.5.5')], 'trips.csv', { type: 'text/csv' }));
    await expect(await box.findByText('No column gives: Vehicle. Choose which column does.')).toBeInTheDocument();
    await userEvent.selectOptions(box.getByRole('combobox', { name: 'What column “Truck” gives' }), 'vehicleNumber');
    await userEvent.click(box.getByRole('button', { name: 'Check again' }));
    await waitFor(() =>
      expect(box.getByRole('status')).toHaveTextContent('1 of 2 rows have problems: nothing is imported until every row is valid.'),
    );
    const errors = within(box.getByRole('table', { name: /^Problems of 1 row/ }));
    await expect(errors.getByRole('cell', { name: '3' })).toBeInTheDocument();
    await expect(errors.getByRole('cell', { name: 'Quantity' })).toBeInTheDocument();
    await userEvent.upload(box.getByLabelText('Spreadsheet (CSV or Excel)'), new File([csv('12.500')], 'trips.csv', { type: 'text/csv' }));
    await userEvent.selectOptions(await box.findByRole('combobox', { name: 'What column “Truck” gives' }), 'vehicleNumber');
    await userEvent.click(box.getByRole('button', { name: 'Check again' }));
    await userEvent.click(await box.findByRole('button', { name: 'Import 2 waybills' }));
    await expect(await box.findByText('2 waybills imported as drafts.')).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async () => {
    await within(document.body).findByRole('dialog', { name: 'Veoselehtede import' });
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async () => {
    await dialog();
  },
};
