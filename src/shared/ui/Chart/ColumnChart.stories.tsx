import type { Meta, StoryObj } from '@storybook/react';

import { ColumnChart } from './ColumnChart';

const weeks = ['05/10', '12/10', '19/10', '26/10', '02/11', '09/11', '16/11'];

const meta = {
  title: 'shared/ui/ColumnChart',
  component: ColumnChart,
  args: {
    categories: weeks.map((label) => ({ key: label, label })),
    series: [
      { key: 'logs', color: 'var(--color-chart-1)' },
      { key: 'pulp', color: 'var(--color-chart-2)' },
      { key: 'chips', color: 'var(--color-chart-3)' },
    ],
    values: [
      [420, 130, 60],
      [380, 210, 0],
      [510, 90, 45],
      [0, 0, 0],
      [630, 160, 80],
      [590, 240, 20],
      [120, 40, 0],
    ],
    formatTick: (value: number) => new Intl.NumberFormat('en').format(value),
  },
  parameters: { width: 560 },
} satisfies Meta<typeof ColumnChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Every column empty: the axis still shows one step. */
export const Empty: Story = { args: { values: weeks.map(() => [0, 0, 0]) } };

/** Values that are not round: the axis rounds its top up. */
export const Decimals: Story = { args: { values: weeks.map((_, i) => [1.25 * (i + 1), 0.5, 0.125]) } };

export const Narrow: Story = { parameters: { width: 320 } };

export const Dark: Story = { globals: { theme: 'dark' } };
