import type { Meta, StoryObj } from '@storybook/react';
import { Link, Route, Routes } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { ApiForm } from '../ApiForm/ApiForm';
import { FormikTextField } from '../FormikTextField/FormikTextField';

import { LeaveGuard } from './LeaveGuard';

/** A list and a form under one router: the ways out a clerk takes from a half-filled form. */
function Harness() {
  return (
    <Routes>
      <Route path="/" element={<Link to="/new">New waybill</Link>} />
      <Route
        path="/new"
        element={
          <ApiForm<{ driverName: string }, unknown>
            initialValues={{ driverName: '' }}
            label="New waybill"
            leaveText="Your changes to this waybill will be lost."
            request={() => Promise.resolve({})}
          >
            <div style={{ display: 'grid', gap: 16, maxWidth: 320 }}>
              <FormikTextField label="Driver name" name="driverName" />
              <Link to="/">All waybills</Link>
            </div>
          </ApiForm>
        }
      />
    </Routes>
  );
}

const meta = {
  title: 'shared/ui/LeaveGuard',
  component: LeaveGuard,
  args: { when: true },
  render: () => <Harness />,
} satisfies Meta<typeof LeaveGuard>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

async function halfFilled(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(canvas.getByRole('link', { name: 'New waybill' }));
  await userEvent.type(await canvas.findByLabelText('Driver name'), 'Mati');
  return canvas;
}

/** Item 3: a link out of a changed form asks; Stay keeps what was typed, Leave goes. */
export const AsksOnLink: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await halfFilled(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'All waybills' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Leave without saving?' }));
    await expect(dialog.getByText('Your changes to this waybill will be lost.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(canvas.getByLabelText('Driver name')).toHaveValue('Mati');
    await userEvent.click(canvas.getByRole('link', { name: 'All waybills' }));
    await userEvent.click(
      within(await body().findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }),
    );
    await expect(await canvas.findByRole('link', { name: 'New waybill' })).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = await halfFilled(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'All waybills' }));
    await expect(await body().findByRole('dialog', { name: 'Kas lahkuda salvestamata?' })).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const canvas = await halfFilled(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'All waybills' }));
    await expect(await body().findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
  },
};
