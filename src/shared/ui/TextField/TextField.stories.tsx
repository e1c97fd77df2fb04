import type { Meta, StoryObj } from '@storybook/react';

import { TextField } from './TextField';

const meta = {
  title: 'shared/ui/TextField',
  component: TextField,
  args: { label: 'Vehicle number', name: 'vehicleNumber', defaultValue: '517 CTF' },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { defaultValue: '' } };
export const WithHint: Story = { args: { hint: 'Registration plate, as on the vehicle.' } };
export const Invalid: Story = { args: { defaultValue: '', error: 'This field is required.' } };
export const ReadOnly: Story = { args: { readOnly: true } };
export const Dark: Story = { args: { error: 'Unknown vehicle.' }, globals: { theme: 'dark' } };
