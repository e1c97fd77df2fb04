import type { Meta, StoryObj } from '@storybook/react';
import { pickLocale, translate, versionConflictDetail } from '@timberlog/contract';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';

import { companyHandlers } from '@/entities/company/index.mocks';
import { initialSessionState } from '@/entities/session';
import { mockDb } from '@/shared/mock-db';

import { AdminPanelPage } from './AdminPanelPage';

const signedInAs = (email: string) => ({
  preloadedState: { session: { ...initialSessionState, accessToken: `mock-access-token:${email}`, sessionInitialized: true } },
});

const meta = {
  title: 'pages/admin-panel/AdminPanelPage',
  component: AdminPanelPage,
  parameters: { layout: 'fullscreen', router: { initialPath: '/adminpanel/companies' }, store: signedInAs(DEMO_USERS.staff.email) },
  render: () => (
    <Routes>
      <Route path="/adminpanel" element={<AdminPanelPage />} />
      <Route path="/adminpanel/:resource" element={<AdminPanelPage />} />
    </Routes>
  ),
} satisfies Meta<typeof AdminPanelPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Staff see one section per resource; companies first. */
export const Companies: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    await expect(await canvas.findByText(mockDb.companies[0]!.name)).toBeInTheDocument();
    for (const section of ['Companies', 'Warehouses', 'Assortments', 'Assortment types', 'Workers']) {
      await expect(canvas.getByRole('link', { name: section })).toBeInTheDocument();
    }
  },
};

/** The same screen for another resource, from its description. */
export const Warehouses: Story = {
  parameters: { router: { initialPath: '/adminpanel/warehouses' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Warehouses' })).toBeInTheDocument();
    await expect(await canvas.findByText(mockDb.warehouses[0]!.name)).toBeInTheDocument();
  },
};

/**
 * Item 13: species in words, prices in euros, an Edit button on each row; the edit form shows the
 * key as text (it cannot change) and starts on the first field that can.
 */
export const Assortments: Story = {
  parameters: { router: { initialPath: '/adminpanel/assortments' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const assortment = mockDb.assortments[0]!;
    await expect(await canvas.findByText(assortment.name)).toBeInTheDocument();
    const table = canvas.getByRole('table');
    await expect(table).not.toHaveTextContent(/\b(spruce|pine|birch|aspen|alder)\b/);
    await expect(table).toHaveTextContent(/Spruce|Pine|Birch|Aspen|Alder/);
    await expect(table).toHaveTextContent('€');
    await userEvent.click(canvas.getByRole('button', { name: `Edit ${assortment.name}` }));
    const dialog = within(await body(canvasElement).findByRole('dialog'));
    await expect(dialog.getByText(assortment.code)).toBeInTheDocument();
    await expect(dialog.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
    await expect(dialog.getByRole('textbox', { name: /Name/ })).toHaveFocus();
    await expect(dialog.getByRole('combobox', { name: /Species/ })).toHaveDisplayValue(/Spruce|Pine|Birch|Aspen|Alder|Other/);
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        company: [
          http.get('*/api/admin/companies', () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })),
          ...companyHandlers,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No records match.')).toBeInTheDocument();
  },
};

/** The client checks the contract's rules; the server's field errors land on their fields and nothing typed is lost. */
export const FormWithServerErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'New company' }));
    const form = within(await body(canvasElement).findByRole('form', { name: 'New company' }));
    await userEvent.type(form.getByLabelText('Registry code'), '123');
    await userEvent.click(form.getByRole('button', { name: 'Create' }));
    await expect(await form.findByText('Enter the 8-digit registry code.')).toBeInTheDocument();
    await expect(form.getByText('Fill in this field.')).toBeInTheDocument();
    await userEvent.clear(form.getByLabelText('Registry code'));
    await userEvent.type(form.getByLabelText('Registry code'), mockDb.companies[0]!.registryCode);
    await userEvent.type(form.getByLabelText('Name'), 'Uus Mets OÜ');
    await userEvent.click(form.getByRole('button', { name: 'Create' }));
    await expect(await form.findByText(translate('en', 'admin.exists'))).toBeInTheDocument();
    await expect(form.getByLabelText('Name')).toHaveValue('Uus Mets OÜ');
  },
};

/**
 * The company as a colleague saved it while the form was open (another email address), on a
 * server that keeps versions as the API does: a save from the version the form was read at is
 * refused (412) with the company as it is now; a save from that version goes through.
 */
const company = mockDb.companies[0]!;
const colleagueSaved = () => ({ ...company, email: 'arved@kolleeg.ee', version: company.version + 1 });
let theirs = colleagueSaved();
let lastSaved: Record<string, unknown> | null = null;
const editedMeanwhile = {
  msw: {
    handlers: {
      company: [
        http.patch('*/api/admin/companies/:key', async ({ request }) => {
          const read = request.headers.get('if-match');
          if (read === `"${company.version}"`) {
            theirs = colleagueSaved();
            lastSaved = null;
            return HttpResponse.json(
              {
                detail: versionConflictDetail(pickLocale(request.headers.get('accept-language')), 'Mari Mets', '2026-11-25T08:02:00Z'),
                current: theirs,
              },
              { status: 412 },
            );
          }
          if (read !== `"${theirs.version}"`) return HttpResponse.json({ detail: 'Unexpected version.' }, { status: 400 });
          lastSaved = (await request.json()) as Record<string, unknown>;
          theirs = { ...theirs, ...lastSaved, version: theirs.version + 1 };
          return HttpResponse.json(theirs, { headers: { ETag: `"${theirs.version}"` } });
        }),
        ...companyHandlers,
      ],
    },
  },
};

/** Opens the company's form, renames it and saves: the colleague saved first, so the conflict view opens. */
const renameAfterColleague = async (canvasElement: HTMLElement, names: { edit: string; save: string }) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: names.edit }));
  const dialog = within(await body(canvasElement).findByRole('dialog'));
  const name = dialog.getByRole('textbox', { name: /^(Name|Nimi)/ });
  await userEvent.clear(name);
  await userEvent.type(name, 'Uus Nimi OÜ');
  await userEvent.click(dialog.getByRole('button', { name: names.save }));
  return { dialog, view: await dialog.findByRole('alert') };
};

/**
 * A colleague saved the company while it was open here: the save is refused and the form shows the
 * conflict view, their change beside the user's; saving mine over theirs keeps both.
 */
export const EditConflictKeepsBoth: Story = {
  parameters: editedMeanwhile,
  play: async ({ canvasElement }) => {
    const { dialog, view } = await renameAfterColleague(canvasElement, { edit: `Edit ${company.name}`, save: 'Save' });
    await expect(view).toHaveTextContent('Mari Mets changed this record at 25/11/2026, 10:02, after you opened it.');
    const rows = within(view).getAllByRole('row');
    const row = (label: string) => rows.find((item) => item.textContent?.startsWith(label));
    await expect(row('Name')).toHaveTextContent('Uus Nimi OÜ');
    await expect(row('Email')).toHaveTextContent(/arved@kolleeg\.ee.*not changed/);
    await userEvent.click(dialog.getByRole('button', { name: 'Save mine over theirs' }));
    await expect(await body(canvasElement).findByText('The company is saved.')).toBeInTheDocument();
    await expect(lastSaved).toMatchObject({ name: 'Uus Nimi OÜ', email: 'arved@kolleeg.ee' });
  },
};

/** The same in Estonian: taking theirs puts the colleague's company in the form, with nothing left to save. */
export const EditConflictTakeTheirsEstonian: Story = {
  parameters: editedMeanwhile,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const { dialog, view } = await renameAfterColleague(canvasElement, { edit: `Muuda: ${company.name}`, save: 'Salvesta' });
    await expect(within(view).getByRole('heading')).toHaveTextContent('Keegi teine salvestas selle kirje sinu muutmise ajal');
    await userEvent.click(dialog.getByRole('button', { name: 'Loobu minu omadest, võta nende omad' }));
    await expect(dialog.getByRole('textbox', { name: /^Nimi/ })).toHaveValue(company.name);
    await expect(dialog.getByRole('textbox', { name: /^E-post/ })).toHaveValue('arved@kolleeg.ee');
    await expect(lastSaved).toBeNull();
  },
};

/** Deleting a company that others refer to shows the server's 400 naming them. */
export const DeleteRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const company = mockDb.companies.find((item) => mockDb.warehouses.some((warehouse) => warehouse.company === item.registryCode))!;
    await userEvent.click(await canvas.findByRole('button', { name: `Delete ${company.name}` }));
    const dialog = within(await body(canvasElement).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(await dialog.findByText(/^Cannot delete: referred to by \d+ warehouses/)).toBeInTheDocument();
    // Clicks in the dialog (a portal) do not reach the row, which would open the record's form.
    await expect(body(canvasElement).queryByRole('form')).not.toBeInTheDocument();
  },
};

/** An ordinary user gets a clear page, not a broken screen (the API answers 403 anyway). */
export const StaffOnly: Story = {
  parameters: { store: signedInAs(DEMO_USERS.user.email) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Staff only' })).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};

export const Estonian: Story = { globals: { locale: 'et' } };
export const Dark: Story = { globals: { theme: 'dark' } };
