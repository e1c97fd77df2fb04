import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';

import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'shared/ui/ProgressBar',
  component: ProgressBar,
  args: { label: 'Progress' },
  argTypes: { percent: { control: { type: 'range', min: 0, max: 100 } } },
  parameters: { width: 320 },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** How far along is known: the value, its range and its spoken text. */
export const Determinate: Story = {
  args: { percent: 40 },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Progress' });
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(bar).toHaveAttribute('aria-valuetext', '40 %');
  },
};

/** Under way, how far unknown: a progressbar without a value, a bar sliding across (faded and still where motion is reduced). */
export const Indeterminate: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Progress' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(bar).not.toHaveAttribute('aria-valuetext');
  },
};

export const Complete: Story = {
  args: { label: 'Waybill report progress', percent: 100 },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Waybill report progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(bar).toHaveAttribute('aria-valuetext', '100 %');
  },
};

export const Dark: Story = { ...Determinate, globals: { theme: 'dark' } };
