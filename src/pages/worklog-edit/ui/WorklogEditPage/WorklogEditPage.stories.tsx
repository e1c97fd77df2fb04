import type { Meta, StoryObj } from '@storybook/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';
import type { Worklog } from '@/entities/worklog';
import { mockWorklog } from '@/entities/worklog/index.mocks';

import { WorklogEditPage } from './WorklogEditPage';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };
const NUMBER = 'L-2026-000042';
const worklog = mockWorklog({ number: NUMBER, durationMinutes: 45 });

const worklogApi = (start: Worklog, refusal?: Record<string, string[]>) => [
  http.get('*/api/worklogs/:number/', () => HttpResponse.json(start)),
  http.put('*/api/worklogs/:number/', () => (refusal ? HttpResponse.json(refusal, { status: 400 }) : HttpResponse.json(start))),
];

const meta = {
  title: 'pages/worklog-edit/WorklogEditPage',
  component: WorklogEditPage,
  parameters: {
    layout: 'fullscreen',
    router: { initialPath: `/worklogs/${NUMBER}/edit` },
    store: signedIn,
    msw: { handlers: { worklog: worklogApi(worklog) } },
  },
  render: () => (
    <Routes>
      <Route path="/worklogs/new" element={<WorklogEditPage />} />
      <Route path="/worklogs/:number/edit" element={<WorklogEditPage />} />
      <Route path="/worklogs/:number" element={<p>The worklog page</p>} />
    </Routes>
  ),
} satisfies Meta<typeof WorklogEditPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const form = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('form', { name: 'Worklog' }));

export const New: Story = {
  parameters: { router: { initialPath: '/worklogs/new' } },
  play: async ({ canvasElement }) => {
    const fields = await form(canvasElement);
    await userEvent.click(fields.getByRole('button', { name: 'Create worklog' }));
    await expect((await fields.findAllByText('Fill in this field.')).length).toBeGreaterThanOrEqual(3);
    await expect(fields.getByLabelText('Action')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const ServerErrors: Story = {
  parameters: { msw: { handlers: { worklog: worklogApi(worklog, { waybill: ['There is no waybill W-1.'] }) } } },
  play: async ({ canvasElement }) => {
    const fields = await form(canvasElement);
    await userEvent.type(fields.getByLabelText('Waybill'), 'W-1');
    await userEvent.clear(fields.getByLabelText('Duration'));
    await userEvent.type(fields.getByLabelText('Duration'), '50');
    await userEvent.click(fields.getByRole('button', { name: 'Save' }));
    await expect(await fields.findByText('There is no waybill W-1.')).toBeInTheDocument();
    await expect(fields.getByLabelText('Waybill')).toHaveValue('W-1');
    await expect(fields.getByLabelText('Duration')).toHaveValue('50');
  },
};

export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const fields = await form(canvasElement);
    await userEvent.type(fields.getByLabelText('Notes'), 'Sorted into three piles.');
    await userEvent.click(fields.getByRole('button', { name: 'Save' }));
    await expect(await within(canvasElement).findByText('The worklog page')).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const fields = within(await within(canvasElement).findByRole('form', { name: 'Töökanne' }));
    await expect(fields.getByLabelText('Töötaja')).toHaveValue('Jaan Tamm');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await form(canvasElement);
  },
};
