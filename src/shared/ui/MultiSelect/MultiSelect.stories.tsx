import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';

import { expectSameLookAsTextField } from '../TextField/fieldLook';
import { TextField } from '../TextField/TextField';

import { MultiSelect, type MultiSelectProps } from './MultiSelect';

const STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'invoiced', label: 'Invoiced' },
  { value: 'cancelled', label: 'Cancelled' },
];

function Demo(props: Partial<MultiSelectProps>) {
  const [value, setValue] = useState<string[]>([...(props.value ?? [])]);
  return (
    <div style={{ minHeight: 280, maxWidth: 260 }}>
      <MultiSelect label="Status" options={STATUSES} {...props} value={value} onChange={setValue} />
      <output>{value.join(',')}</output>
    </div>
  );
}

const meta = { title: 'shared/ui/MultiSelect', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('combobox', { name: 'Status' });
    await userEvent.click(toggle);
    await userEvent.click(canvas.getByRole('option', { name: 'Confirmed' }));
    // The list stays open for the next tick.
    await userEvent.click(canvas.getByRole('option', { name: 'Draft' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('confirmed,draft');
    await expect(canvas.getByRole('option', { name: 'Draft' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Escape}');
    await expect(toggle).toHaveTextContent('Draft, Confirmed');
  },
};
/** In a filter bar beside a text field, the select's label and box look the same as the field's. */
export const BesideATextField: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <TextField label="Driver name" name="driverName" defaultValue="Jaan Tamm" />
      <Demo {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('combobox', { name: 'Status' });
    const textInput = canvas.getByRole('textbox', { name: 'Driver name' });
    await expectSameLookAsTextField(
      { label: canvas.getByText('Status', { selector: 'label' }), box: toggle, text: toggle },
      { label: canvas.getByText('Driver name', { selector: 'label' }), box: textInput, text: textInput },
    );
  },
};
export const ManySelected: Story = { args: { value: ['draft', 'confirmed', 'delivered'] } };
export const Disabled: Story = { args: { disabled: true } };
export const Estonian: Story = { globals: { locale: 'et' } };
export const Dark: Story = { globals: { theme: 'dark' }, args: { value: ['delivered'] } };
