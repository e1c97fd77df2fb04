import type { Meta, StoryObj } from '@storybook/react';

import { BarList } from './BarList';

const meta = {
  title: 'shared/ui/BarList',
  component: BarList,
  args: {
    items: [
      { key: 'a', label: 'Pärnu sadam', value: 42, valueLabel: '42 loads' },
      { key: 'b', label: 'Imavere saeveski', value: 31, valueLabel: '31 loads' },
      { key: 'c', label: 'Näpi saeveski, a mill with a rather long name to wrap', value: 12, valueLabel: '12 loads' },
      { key: 'd', label: 'Kunda terminal', value: 3, valueLabel: '3 loads' },
    ],
  },
  parameters: { width: 420 },
} satisfies Meta<typeof BarList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Dark: Story = { globals: { theme: 'dark' } };
