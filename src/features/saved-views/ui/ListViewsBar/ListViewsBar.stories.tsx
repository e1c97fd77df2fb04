import type { Meta, StoryObj } from '@storybook/react';
import { defaultColumns, pickLocale, translate, versionConflictDetail, WAYBILL_LIST } from '@timberlog/contract';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { delay, http, HttpResponse } from 'msw';
import { useTranslation } from 'react-i18next';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import type { SavedView } from '@/entities/saved-view';
import { initialSessionState } from '@/entities/session';
import { useListQuery } from '@/shared/lib/list-query';

import { VIEW_PARAM } from '../../lib/views';
import { useListViews } from '../../model/useListViews';

import { ListViewsBar } from './ListViewsBar';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };
const OPTIONS = { otherParams: [VIEW_PARAM] };

// Storybook shows a save under way for good; the Jest story runner waits for every request to end, so there it ends soon.
const SAVING_DELAY = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom') ? 200 : ('infinite' as const);

/** The bar over the waybill list, as the list page puts it. */
function WaybillViews() {
  const { t } = useTranslation();
  const query = useListQuery(WAYBILL_LIST, OPTIONS);
  const views = useListViews('waybills', query);
  return <ListViewsBar views={views} columnLabel={(id) => t(`waybills.fields.${id}`)} />;
}

const view = (overrides: Partial<SavedView> & Pick<SavedView, 'id' | 'name'>): SavedView => ({
  list: 'waybills',
  query: '',
  columns: defaultColumns('waybills'),
  density: 'comfortable',
  shared: false,
  isDefault: false,
  owner: { email: DEMO_USERS.user.email, name: DEMO_USERS.user.name },
  own: true,
  version: 1,
  createdAt: '2026-11-20T08:00:00Z',
  lastModifiedAt: '2026-11-20T08:00:00Z',
  ...overrides,
});

const VIEWS: SavedView[] = [
  view({ id: 1, name: 'Confirmed to Paide this week', query: 'statusIn=confirmed&sort=-transportDate', isDefault: true }),
  view({ id: 2, name: 'Drafts', query: 'statusIn=draft', shared: true, density: 'compact' }),
  view({
    id: 3,
    name: 'Delivered this month',
    query: 'statusIn=delivered&sort=-transportDate',
    own: false,
    shared: true,
    owner: { email: DEMO_USERS.staff.email, name: DEMO_USERS.staff.name },
  }),
];

/** The views the list answers (under the mocks' own key, so these take their place). */
const listed = (views: readonly SavedView[]) => [http.get('*/api/saved-views/', () => HttpResponse.json(views))];

const meta = {
  title: 'features/saved-views/ListViewsBar',
  component: WaybillViews,
  parameters: { router: { initialPath: '/waybills' }, store: signedIn, msw: { handlers: { savedView: listed(VIEWS) } } },
} satisfies Meta<typeof WaybillViews>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
// Slow machines (the Jest runner beside other work) take a while over the views' first answer.
const LOADED = { timeout: 5000 };

/** Opens the views menu once the views are in it. */
const openMenu = async (canvasElement: HTMLElement, name = 'All rows') => {
  await userEvent.click(await within(canvasElement).findByRole('button', { name }, LOADED));
  const menu = within(await body().findByRole('menu'));
  await waitFor(() => expect(menu.queryByText('Loading views…')).toBeNull(), LOADED);
  return menu;
};

/** The list opened with no query: the user's default view opens. */
export const OpensDefault: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Confirmed to Paide this week' }, LOADED)).toBeInTheDocument();
  },
};

/** The caller's own views first (the default marked), then those others share, with their owner. */
export const WithViews: Story = {
  parameters: { router: { initialPath: '/waybills?statusIn=draft' } },
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement);
    await expect(menu.getByText('My views')).toBeInTheDocument();
    await expect(menu.getByText('Shared views')).toBeInTheDocument();
    const items = menu.getAllByRole('menuitem');
    await expect(items[0]).toHaveTextContent('Confirmed to Paide this week');
    await expect(items[0]).toHaveTextContent('default');
    await expect(items[0]).toHaveAttribute('href', '/waybills?statusIn=confirmed&sort=-transportDate&view=1');
    await expect(menu.getByRole('menuitem', { name: /Delivered this month/ })).toHaveTextContent(DEMO_USERS.staff.name);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { savedView: listed([]) } } },
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement);
    await expect(await menu.findByText(/No saved views yet/)).toBeInTheDocument();
    await expect(menu.getByRole('menuitem', { name: 'Save as a view…' })).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: {
    msw: { handlers: { savedView: [http.get('*/api/saved-views/', () => HttpResponse.json({ detail: 'boom' }, { status: 500 }))] } },
  },
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement);
    await expect(await menu.findByText('The views could not be loaded.')).toBeInTheDocument();
    await expect(menu.getByRole('menuitem', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** An own view open: rename, default and delete are offered. */
export const OpenView: Story = {
  parameters: { router: { initialPath: '/waybills?statusIn=draft&view=2' } },
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement, 'Drafts');
    await expect(menu.getByRole('menuitem', { name: 'Rename view…' })).toBeInTheDocument();
    await expect(menu.getByRole('menuitem', { name: 'Open this view by default' })).toBeInTheDocument();
    await expect(menu.getByRole('menuitem', { name: 'Delete view…' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    // The view's row height.
    await expect(within(canvasElement).getByRole('radio', { name: 'Compact' })).toHaveAttribute('aria-checked', 'true');
  },
};

/** The filters no longer those of the open view: the bar says so and offers to save them. */
export const Changed: Story = {
  parameters: { router: { initialPath: '/waybills?statusIn=draft&statusIn=confirmed&view=2' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The list differs from the view “Drafts”.', {}, LOADED)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Undo changes' })).toBeInTheDocument();
  },
};

/** "Save changes" meets a change someone made meanwhile (412): the server's words, in place. */
export const SaveChangesConflict: Story = {
  parameters: {
    router: { initialPath: '/waybills?statusIn=draft&statusIn=confirmed&view=2' },
    msw: {
      handlers: {
        savedView: [
          ...listed(VIEWS),
          http.patch('*/api/saved-views/:id/', ({ request }) =>
            HttpResponse.json(
              {
                detail: versionConflictDetail(
                  pickLocale(request.headers.get('accept-language')),
                  DEMO_USERS.staff.name,
                  '2026-11-26T09:30:00Z',
                ),
                current: { ...VIEWS[1], version: 2 },
              },
              { status: 412 },
            ),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Save changes' }, LOADED));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(DEMO_USERS.staff.name);
  },
};

const saveDialog = async (canvasElement: HTMLElement, name: string) => {
  const menu = await openMenu(canvasElement);
  await userEvent.click(menu.getByRole('menuitem', { name: 'Save as a view…' }));
  const dialog = within(await body().findByRole('dialog', { name: 'Save as a view' }));
  await userEvent.type(dialog.getByLabelText(/^Name/), name);
  await userEvent.click(dialog.getByLabelText('Share with everyone'));
  await userEvent.click(dialog.getByRole('button', { name: 'Save view' }));
  return dialog;
};

export const Saving: Story = {
  parameters: {
    msw: { handlers: { savedView: [...listed(VIEWS), http.post('*/api/saved-views/', () => delay(SAVING_DELAY))] } },
  },
  play: async ({ canvasElement }) => {
    const dialog = await saveDialog(canvasElement, 'Tomorrow’s loads');
    await expect(await dialog.findByRole('button', { name: 'Saving…' })).toBeDisabled();
  },
};

/** The server refuses the name (one of the user's views has it): its words on the field. */
export const NameTaken: Story = {
  parameters: {
    msw: {
      handlers: {
        savedView: [
          ...listed(VIEWS),
          http.post('*/api/saved-views/', ({ request }) =>
            HttpResponse.json(
              { name: [translate(pickLocale(request.headers.get('accept-language')), 'savedView.nameTaken')] },
              { status: 400 },
            ),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await saveDialog(canvasElement, 'Drafts');
    await expect(await dialog.findByText('You already have a view of this list with this name.')).toBeInTheDocument();
    await expect(dialog.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
  },
};

export const ColumnChooser: Story = {
  parameters: { msw: { handlers: { savedView: listed([]) } } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Columns' }));
    const chooser = within(await body().findByRole('dialog', { name: 'Columns shown' }));
    await expect(chooser.getByRole('checkbox', { name: 'Number' })).toBeChecked();
    await expect(chooser.getByRole('checkbox', { name: 'Mileage' })).not.toBeChecked();
    await userEvent.click(chooser.getByRole('checkbox', { name: 'Mileage' }));
    await waitFor(() => expect(chooser.getByRole('checkbox', { name: 'Mileage' })).toBeChecked());
    await expect(chooser.getByRole('button', { name: 'Move Mileage right' })).toBeDisabled();
  },
};

export const Density: Story = {
  parameters: { msw: { handlers: { savedView: listed([]) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Comfortable' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(canvas.getByRole('radio', { name: 'Compact' }));
    await expect(canvas.getByRole('radio', { name: 'Compact' })).toHaveAttribute('aria-checked', 'true');
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  parameters: { router: { initialPath: '/waybills?statusIn=draft&statusIn=confirmed&view=2' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loend erineb vaatest „Drafts“.', {}, LOADED)).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await openMenu(canvasElement);
  },
};

export const EstonianDark: Story = {
  globals: { locale: 'et', theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Veerud' })).toBeInTheDocument();
  },
};
