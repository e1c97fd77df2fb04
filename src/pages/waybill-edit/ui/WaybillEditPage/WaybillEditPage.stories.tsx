import { LIMITS, translate } from '@timberlog/contract';
import type { Meta, StoryObj } from '@storybook/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';
import type { Waybill, WaybillUpdate } from '@/entities/waybill';
import { mockWaybill } from '@/entities/waybill/index.mocks';

import { WaybillEditPage } from './WaybillEditPage';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };
const NUMBER = 'W-2026-000042';
const confirmed = mockWaybill({ number: NUMBER, status: 'confirmed', mileage: 180, quantity: '27.350' });

/** The waybill the story edits; PUT answers as the server would, or with `refusal`. */
const waybillApi = (start: Waybill, refusal?: Record<string, string[]>) => {
  let current = start;
  return [
    http.get('*/api/waybills/:number/', () => HttpResponse.json(current)),
    http.put('*/api/waybills/:number/', async ({ request }) => {
      if (refusal) return HttpResponse.json(refusal, { status: 400 });
      current = { ...current, ...((await request.json()) as WaybillUpdate) };
      return HttpResponse.json(current);
    }),
  ];
};

const meta = {
  title: 'pages/waybill-edit/WaybillEditPage',
  component: WaybillEditPage,
  parameters: {
    layout: 'fullscreen',
    router: { initialPath: `/waybills/${NUMBER}/edit` },
    store: signedIn,
    msw: { handlers: { waybill: waybillApi(confirmed) } },
  },
  render: () => (
    <Routes>
      <Route path="/waybills/new" element={<WaybillEditPage />} />
      <Route path="/waybills/:number/edit" element={<WaybillEditPage />} />
      <Route path="/waybills/:number" element={<p>The waybill page</p>} />
      <Route path="/waybills" element={<p>The waybill list</p>} />
    </Routes>
  ),
} satisfies Meta<typeof WaybillEditPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const form = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('form', { name: 'Waybill' }));

const retype = async (field: HTMLElement, text: string) => {
  await userEvent.clear(field);
  await userEvent.type(field, text);
};

export const New: Story = {
  parameters: { router: { initialPath: '/waybills/new' } },
  play: async ({ canvasElement }) => {
    const fields = await form(canvasElement);
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'New waybill' })).toBeInTheDocument();
    await expect(fields.getByLabelText('Number')).toHaveValue('');
    await userEvent.click(fields.getByRole('button', { name: 'Create waybill' }));
    // The client checks the server's rules before sending.
    await expect((await fields.findAllByText('Fill in this field.')).length).toBeGreaterThanOrEqual(5);
    await expect(fields.getByLabelText('Driver')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const ClientRules: Story = {
  play: async ({ canvasElement }) => {
    const fields = await form(canvasElement);
    await retype(fields.getByLabelText('Mileage'), '10001');
    await retype(fields.getByLabelText('Quantity'), '1.2345');
    await userEvent.click(fields.getByRole('button', { name: 'Save' }));
    await expect(await fields.findByText('Enter a number from 0 to 10000.')).toBeInTheDocument();
    // What is wrong with the quantity typed (a decimal too many), in the contract's words as the server says it.
    await expect(fields.getByText(translate('en', 'field.pattern.decimal', { decimals: LIMITS.quantityMaxDecimals }))).toBeInTheDocument();
    await expect(fields.getByLabelText('Quantity')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const ServerErrors: Story = {
  parameters: {
    msw: {
      handlers: {
        waybill: waybillApi(confirmed, {
          quantity: ['Enter a quantity greater than 0.'],
          nonFieldErrors: ['A delivered waybill cannot be changed.'],
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const fields = await form(canvasElement);
    await retype(fields.getByLabelText('Driver'), 'Jaan Tamm');
    await retype(fields.getByLabelText('Quantity'), '12,5');
    await userEvent.click(fields.getByRole('button', { name: 'Save' }));
    // The field's own message on the field, the rest at the top; nothing typed is lost.
    await expect(await fields.findByText('Enter a quantity greater than 0.')).toBeInTheDocument();
    await expect(fields.getByRole('alert')).toHaveTextContent('A delivered waybill cannot be changed.');
    await expect(fields.getByLabelText('Driver')).toHaveValue('Jaan Tamm');
    await expect(fields.getByLabelText('Quantity')).toHaveValue('12,5');
  },
};

/** Item 4: more than one load of the waybill's unit (a typing slip: 3720 for 37.20) is caught before saving. */
export const OverOneLoad: Story = {
  play: async ({ canvasElement }) => {
    const fields = await form(canvasElement);
    await retype(fields.getByLabelText('Quantity'), '3720');
    await userEvent.click(fields.getByRole('button', { name: 'Save' }));
    await expect(await fields.findByText('One load is at most 100 m³: check the quantity.')).toBeInTheDocument();
    await retype(fields.getByLabelText('Quantity'), '37,20');
    await expect(fields.queryByText('One load is at most 100 m³: check the quantity.')).toBeNull();
  },
};

/** Item 4: the server's refusal of an over-load quantity lands on the field, in its words. */
export const OverOneLoadServer: Story = {
  parameters: {
    msw: { handlers: { waybill: waybillApi(confirmed, { quantity: ['One load is at most 100 m³: check the quantity.'] }) } },
  },
  play: async ({ canvasElement }) => {
    const fields = await form(canvasElement);
    await retype(fields.getByLabelText('Vehicle'), '456DEF');
    await userEvent.click(fields.getByRole('button', { name: 'Save' }));
    await expect(await fields.findByText('One load is at most 100 m³: check the quantity.')).toBeInTheDocument();
  },
};

/** The form in the document's groups; the holding basis shows the fields its type needs; claims are a short list. */
export const EvrGroups: Story = {
  parameters: { msw: { handlers: { waybill: waybillApi(mockWaybill({ number: NUMBER, status: 'draft' })) } } },
  play: async ({ canvasElement }) => {
    const fields = await form(canvasElement);
    for (const name of ['Parties', 'Transport', 'Origin and certificates', 'Load'])
      await expect(fields.getByRole('group', { name })).toBeInTheDocument();
    const origin = within(fields.getByRole('group', { name: 'Origin and certificates' }));
    await expect(origin.getByLabelText('Cadastral number')).toHaveValue('78401:001:0123');
    await expect(origin.queryByLabelText(/Contract or act number/)).toBeNull();
    await userEvent.selectOptions(origin.getByLabelText('Holding basis'), 'SalesContract');
    await expect(origin.getByLabelText(/Contract or act number/)).toBeRequired();
    await expect(origin.getByLabelText(/Previous owner's address/)).toBeInTheDocument();
    await expect(origin.queryByLabelText('Forest notification number')).toBeNull();
    await userEvent.click(origin.getByRole('button', { name: 'Add a claim' }));
    await userEvent.selectOptions(origin.getAllByLabelText('Claim')[1]!, 'FSCMIX');
    await userEvent.click(fields.getByRole('button', { name: 'Save' }));
    await expect(await fields.findByText('This claim is already listed.')).toBeInTheDocument();
    await userEvent.click(origin.getByRole('button', { name: 'Remove claim 2' }));
    await expect(origin.getAllByLabelText('Claim')).toHaveLength(1);
  },
};

/** The contract's checks as the user types: a personal code with a wrong check digit, a cadastral number in another form. */
export const EvrClientRules: Story = {
  play: async ({ canvasElement }) => {
    const fields = await form(canvasElement);
    await retype(fields.getByLabelText("Driver's personal ID code"), '37605030298');
    await retype(fields.getByLabelText('Cadastral number'), '78401-001-0123');
    await userEvent.click(fields.getByRole('button', { name: 'Save' }));
    await expect(await fields.findByText(translate('en', 'field.idCode'))).toBeInTheDocument();
    await expect(fields.getByText(translate('en', 'field.cadastralNumber'))).toBeInTheDocument();
  },
};

export const Saved: Story = {
  parameters: { msw: { handlers: { waybill: waybillApi(confirmed) } } },
  play: async ({ canvasElement }) => {
    const fields = await form(canvasElement);
    await retype(fields.getByLabelText('Vehicle'), '456DEF');
    await userEvent.click(fields.getByRole('button', { name: 'Save' }));
    await expect(await within(canvasElement).findByText('The waybill page')).toBeInTheDocument();
  },
};

export const LeaveAsksFirst: Story = {
  play: async ({ canvasElement }) => {
    const fields = await form(canvasElement);
    await retype(fields.getByLabelText('Vehicle'), '456DEF');
    await userEvent.click(fields.getByRole('button', { name: 'Cancel' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'Leave without saving?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Stay' }));
    await expect(fields.getByLabelText('Vehicle')).toHaveValue('456DEF');
  },
};

export const NotEditable: Story = {
  parameters: { msw: { handlers: { waybill: waybillApi(mockWaybill({ number: NUMBER, status: 'delivered' })) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('A waybill in status “Delivered” cannot be edited.')).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: {
    msw: {
      handlers: {
        waybill: [http.get('*/api/waybills/:number/', () => HttpResponse.json({ detail: translate('en', 'notFound') }, { status: 404 }))],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Waybill not found' })).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const fields = within(await within(canvasElement).findByRole('form', { name: 'Veoseleht' }));
    await expect(fields.getByLabelText('Juht')).toHaveValue('Peeter Kask');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await form(canvasElement);
  },
};

const source = mockWaybill({
  number: NUMBER,
  status: 'delivered',
  transportDate: '2026-11-02',
  origin: 'TRT-O',
  destination: 'PRN-D',
  driverName: 'Peeter Kask',
  vehicleNumber: '123ABC',
  mileage: 180,
  assortment: 'SPR-SAW',
  quantity: '27.350',
  notes: 'Gate 3',
});
const today = () => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** Another trip like a delivered waybill: its places, driver, vehicle and mileage, today's date, no number, quantity or notes. */
export const Duplicate: Story = {
  parameters: { router: { initialPath: `/waybills/new?from=${NUMBER}` }, msw: { handlers: { waybill: waybillApi(source) } } },
  play: async ({ canvasElement }) => {
    const fields = await form(canvasElement);
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: `New waybill like ${NUMBER}` })).toBeInTheDocument();
    await expect(fields.getByLabelText('Driver')).toHaveValue('Peeter Kask');
    await expect(fields.getByLabelText('Vehicle')).toHaveValue('123ABC');
    await expect(fields.getByLabelText('Mileage')).toHaveValue('180');
    await expect(fields.getByLabelText('Transport date')).toHaveValue(today());
    await expect(fields.getByLabelText('Number')).toHaveValue('');
    await expect(fields.getByLabelText('Quantity')).toHaveValue('');
    // The unit stands with the quantity from the start: it comes with the assortment.
    await expect(fields.getByLabelText('Quantity')).toHaveAccessibleDescription(/^In (m³|t), the assortment's unit/);
    await expect(fields.getByLabelText('Notes')).toHaveValue('');
    await expect(fields.getByRole('button', { name: 'Create waybill' })).toBeInTheDocument();
  },
};

export const DuplicateSourceNotFound: Story = {
  parameters: {
    router: { initialPath: '/waybills/new?from=W-NONE' },
    msw: {
      handlers: {
        waybill: [http.get('*/api/waybills/:number/', () => HttpResponse.json({ detail: translate('en', 'notFound') }, { status: 404 }))],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Waybill not found' })).toBeInTheDocument();
  },
};

export const DuplicateEstonian: Story = {
  ...Duplicate,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const fields = within(await within(canvasElement).findByRole('form', { name: 'Veoseleht' }));
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: `Uus veoseleht ${NUMBER} põhjal` })).toBeInTheDocument();
    await expect(fields.getByLabelText('Juht')).toHaveValue('Peeter Kask');
  },
};

export const DuplicateDark: Story = {
  ...Duplicate,
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await form(canvasElement);
  },
};
