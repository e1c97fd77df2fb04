import { translate } from '@timberlog/contract';
import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { Route, Routes, useParams, useSearchParams } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';
import type { Waybill, WaybillPatch } from '@/entities/waybill';
import { meHandler, mockStaffUser } from '@/entities/user/index.mocks';
import { mockWaybill, NO_EVR } from '@/entities/waybill/index.mocks';

import { WaybillDetailPage } from './WaybillDetailPage';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };

const NUMBER = 'W-2026-000042';
const draft = mockWaybill({ number: NUMBER, status: 'draft', transportDate: '2026-11-23', quantity: '27.350', mileage: 1180 });

/** One waybill the story's page reads and changes, as the server would. */
const waybillApi = (start: Waybill) => {
  let current = start;
  return [
    http.get('*/api/waybills/:number/', () => HttpResponse.json(current)),
    http.patch('*/api/waybills/:number/', async ({ request }) => {
      const body = (await request.json()) as WaybillPatch;
      current = { ...current, ...body };
      return HttpResponse.json(current);
    }),
    http.delete('*/api/waybills/:number/', () => new HttpResponse(null, { status: 204 })),
    // The page's history timeline: nothing recorded yet (this group replaces the mocks' own).
    http.get('*/api/waybills/:number/history/', () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })),
  ];
};

// Storybook shows the loading state for good; the Jest story runner waits for every request to end, so there it ends soon.
const LOADING_DELAY = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom') ? 200 : ('infinite' as const);

/** The new-waybill page's stand-in: says which waybill it copies. */
function NewWaybillStandIn() {
  const [search] = useSearchParams();
  return <p>A new waybill like {search.get('from')}</p>;
}

/** The edit page's stand-in: says which waybill it edits. */
function EditStandIn() {
  const { number } = useParams();
  return <p>Editing {number}</p>;
}

const meta = {
  title: 'pages/waybill-detail/WaybillDetailPage',
  component: WaybillDetailPage,
  parameters: {
    layout: 'fullscreen',
    router: { initialPath: `/waybills/${NUMBER}` },
    store: signedIn,
    msw: { handlers: { waybill: waybillApi(draft) } },
  },
  render: () => (
    <Routes>
      <Route path="/waybills/new" element={<NewWaybillStandIn />} />
      <Route path="/waybills/:number/edit" element={<EditStandIn />} />
      <Route path="/waybills/:number" element={<WaybillDetailPage />} />
      <Route path="/waybills" element={<p>The waybill list</p>} />
    </Routes>
  ),
} satisfies Meta<typeof WaybillDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const actions = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('group', { name: 'Waybill actions' }));

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = await actions(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: `Waybill ${NUMBER}` })).toBeInTheDocument();
    await expect(bar.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/waybills/${NUMBER}/edit`);
    for (const name of ['Confirm', 'Cancel waybill', 'Delete']) await expect(bar.getByRole('button', { name })).toBeInTheDocument();
    await expect(bar.queryByRole('button', { name: 'Mark delivered' })).toBeNull();
    await expect(await canvas.findByText('23/11/2026')).toBeInTheDocument();
    await expect(canvas.getByText(/^27\.350\sm³$/)).toBeInTheDocument();
    await expect(canvas.getByText('1,180 km')).toBeInTheDocument();
  },
};

/** Another trip like this one, whatever its status: a new draft's form prefilled from it. */
export const Duplicate: Story = {
  parameters: { msw: { handlers: { waybill: waybillApi(mockWaybill({ number: NUMBER, status: 'invoiced' })) } } },
  play: async ({ canvasElement }) => {
    const bar = await actions(canvasElement);
    await userEvent.click(bar.getByRole('link', { name: 'Duplicate' }));
    await expect(await within(canvasElement).findByText(`A new waybill like ${NUMBER}`)).toBeInTheDocument();
  },
};

export const ConfirmThenDeliver: Story = {
  parameters: { msw: { handlers: { waybill: waybillApi(draft) } } },
  play: async ({ canvasElement }) => {
    const bar = await actions(canvasElement);
    await userEvent.click(bar.getByRole('button', { name: 'Confirm' }));
    // Asked first: everything EVR needs is there, so the dialog only confirms.
    const confirm = within(await within(document.body).findByRole('dialog'));
    await expect(confirm.getByText(`Confirm waybill ${NUMBER}?`)).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Confirm' }));
    await expect(await bar.findByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    await expect(bar.queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.click(bar.getByRole('button', { name: 'Mark delivered' }));
    // Asked first, with what will be invoiced: the quantity, the assortment and where it went.
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(dialog.getByText(`Mark waybill ${NUMBER} delivered?`)).toBeInTheDocument();
    await expect(dialog.getByText(/27\.350\sm³ of .+ to .+ \(.+\)\./)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Mark delivered' }));
    await expect(await within(canvasElement).findAllByText('Delivered')).not.toHaveLength(0);
    await expect(bar.queryByRole('link', { name: 'Edit' })).toBeNull();
    await expect(bar.queryByRole('button', { name: 'Return to confirmed' })).toBeNull();
  },
};

export const DeliverAsksFirst: Story = {
  parameters: { msw: { handlers: { waybill: waybillApi({ ...draft, status: 'confirmed' }) } } },
  play: async ({ canvasElement }) => {
    const bar = await actions(canvasElement);
    await userEvent.click(bar.getByRole('button', { name: 'Mark delivered' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Not yet' }));
    await expect(bar.getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    await expect(within(canvasElement).queryAllByText('Delivered')).toHaveLength(0);
  },
};

export const StaffCorrection: Story = {
  parameters: {
    msw: { handlers: { waybill: waybillApi({ ...draft, status: 'delivered' }), user: [meHandler(mockStaffUser())] } },
  },
  play: async ({ canvasElement }) => {
    const bar = await actions(canvasElement);
    await userEvent.click(await bar.findByRole('button', { name: 'Return to confirmed' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Return to confirmed' }));
    await expect(await dialog.findByText('Say why the waybill goes back to confirmed.')).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText(/Reason/), 'Typed 3720 for 37.20');
    await userEvent.click(dialog.getByRole('button', { name: 'Return to confirmed' }));
    await expect(await bar.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    await expect(bar.getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
  },
};

/** Staff return a waybill confirmed by mistake to draft, with a reason: it can be edited and deleted again. */
export const StaffReturnToDraft: Story = {
  parameters: {
    msw: { handlers: { waybill: waybillApi({ ...draft, status: 'confirmed' }), user: [meHandler(mockStaffUser())] } },
  },
  play: async ({ canvasElement }) => {
    const bar = await actions(canvasElement);
    await userEvent.click(await bar.findByRole('button', { name: 'Return to draft' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: `Return waybill ${NUMBER} to draft?` }));
    await userEvent.click(dialog.getByRole('button', { name: 'Return to draft' }));
    await expect(await dialog.findByText('Say why the waybill goes back to draft.')).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText(/Reason/), 'Confirmed the wrong truck');
    await userEvent.click(dialog.getByRole('button', { name: 'Return to draft' }));
    await expect(await bar.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await expect(bar.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  },
};

export const StaffReturnToDraftEstonian: Story = {
  ...StaffReturnToDraft,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const bar = within(await within(canvasElement).findByRole('group', { name: 'Veoselehe toimingud' }));
    await userEvent.click(await bar.findByRole('button', { name: 'Tagasi mustandiks' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: `Viia veoseleht ${NUMBER} tagasi mustandiks?` }));
    await expect(dialog.getByRole('button', { name: 'Jäta kinnitatuks' })).toBeInTheDocument();
  },
};

export const StaffReturnToDraftDark: Story = {
  ...StaffReturnToDraft,
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const bar = await actions(canvasElement);
    await userEvent.click(await bar.findByRole('button', { name: 'Return to draft' }));
    await within(document.body).findByRole('dialog', { name: `Return waybill ${NUMBER} to draft?` });
  },
};

export const DeliveredForAnOrdinaryUser: Story = {
  parameters: { msw: { handlers: { waybill: waybillApi({ ...draft, status: 'delivered' }) } } },
  play: async ({ canvasElement }) => {
    const bar = await actions(canvasElement);
    await expect(await within(canvasElement).findAllByText('Delivered')).not.toHaveLength(0);
    await expect(bar.queryByRole('button', { name: 'Return to confirmed' })).toBeNull();
  },
};

export const Refused: Story = {
  parameters: {
    msw: {
      handlers: {
        waybill: [
          http.patch('*/api/waybills/:number/', () =>
            HttpResponse.json({ status: ['A cancelled waybill cannot become confirmed.'] }, { status: 400 }),
          ),
          ...waybillApi(draft),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const bar = await actions(canvasElement);
    await userEvent.click(bar.getByRole('button', { name: 'Confirm' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('A cancelled waybill cannot become confirmed.');
  },
};

/** A draft still being filled in: its page says what EVR needs, and Confirm lists it with the way to the form. */
export const NotReadyForEvr: Story = {
  parameters: { msw: { handlers: { waybill: waybillApi({ ...draft, driverIdCode: null, departureTime: null }) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Ready for EVR' })).toBeInTheDocument();
    await expect(canvas.getByText('2 things are still missing before the waybill can be confirmed.')).toBeInTheDocument();
    const bar = await actions(canvasElement);
    await userEvent.click(bar.getByRole('button', { name: 'Confirm' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(dialog.getByText(`Waybill ${NUMBER} cannot be confirmed yet`)).toBeInTheDocument();
    await expect(dialog.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining("Driver's personal ID code"),
      expect.stringContaining('Departure'),
    ]);
    await userEvent.click(dialog.getByRole('button', { name: 'Edit the waybill' }));
    await expect(await canvas.findByText(`Editing ${NUMBER}`)).toBeInTheDocument();
  },
};

/** The server refuses what the page took for complete (someone emptied a field meanwhile): its reasons show in the dialog. */
export const ConfirmRefusedForEvr: Story = {
  parameters: {
    msw: {
      handlers: {
        waybill: [
          http.patch('*/api/waybills/:number/', () =>
            HttpResponse.json(
              {
                nonFieldErrors: [translate('en', 'evr.notReady', { count: 1 })],
                driverIdCode: [translate('en', 'evr.required')],
              },
              { status: 400 },
            ),
          ),
          ...waybillApi(draft),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const bar = await actions(canvasElement);
    await userEvent.click(bar.getByRole('button', { name: 'Confirm' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('EVR needs 1 more fields');
  },
};

/** A waybill from before EVR: every EVR field empty, and not in EVR. */
export const BeforeEvr: Story = {
  parameters: {
    msw: { handlers: { waybill: waybillApi(mockWaybill({ ...NO_EVR, number: NUMBER, status: 'delivered' })) } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Not in EVR')).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('heading', { name: 'Ready for EVR' })).toBeNull();
  },
};

export const CancelAsksFirst: Story = {
  play: async ({ canvasElement }) => {
    const bar = await actions(canvasElement);
    await userEvent.click(bar.getByRole('button', { name: 'Cancel waybill' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(dialog.getByText(`Cancel waybill ${NUMBER}?`)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Keep it' }));
    await expect(bar.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  },
};

export const DeleteDraft: Story = {
  play: async ({ canvasElement }) => {
    const bar = await actions(canvasElement);
    await userEvent.click(bar.getByRole('button', { name: 'Delete' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete waybill' }));
    await expect(await within(canvasElement).findByText('The waybill list')).toBeInTheDocument();
  },
};

export const Invoiced: Story = {
  parameters: {
    msw: { handlers: { waybill: waybillApi(mockWaybill({ number: NUMBER, status: 'invoiced', invoice: 'I-2026-000007' })) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'I-2026-000007' })).toHaveAttribute('href', '/invoices/I-2026-000007');
    const bar = await actions(canvasElement);
    await expect(bar.queryAllByRole('button')).toHaveLength(0);
    await expect(bar.queryByRole('link', { name: 'Edit' })).toBeNull();
  },
};

export const LongValues: Story = {
  parameters: {
    msw: {
      handlers: {
        waybill: waybillApi(
          mockWaybill({
            number: 'W-2026-000042/EXTRA-LONG-NUMBER',
            originName: 'Kõrvemaa metsaülemaa vaheladu number kaks, põhjapoolne plats',
            destinationCompanyName: 'Lõuna-Eesti Puidutööstuse ja Metsamajanduse Aktsiaselts',
            driverName: 'Hans-Christian Vanamõisa-Kõrgemäe',
            notes: 'Kaks koormat. '.repeat(60),
          }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Hans-Christian Vanamõisa-Kõrgemäe')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { waybill: [http.get('*/api/waybills/:number/', () => delay(LOADING_DELAY))] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading…')).toBeInTheDocument();
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
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Waybill not found' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Back to waybills' })).toHaveAttribute('href', '/waybills');
  },
};

export const ServerError: Story = {
  parameters: {
    msw: { handlers: { waybill: [http.get('*/api/waybills/:number/', () => HttpResponse.json({ detail: 'x' }, { status: 500 }))] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    // On the page, and in the app-wide toast for a 5xx.
    await expect(canvas.getAllByText('Something went wrong (error 500). Please try again.').length).toBeGreaterThan(0);
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('23.11.2026')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 1, name: `Veoseleht ${NUMBER}` })).toBeInTheDocument();
    await expect(canvas.getByText(/^27,350\sm³$/)).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Peeter Kask')).toBeInTheDocument();
  },
};
