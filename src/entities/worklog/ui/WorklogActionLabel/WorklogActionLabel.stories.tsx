import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';

import { WORKLOG_ACTIONS } from '@timberlog/contract';

import { WorklogActionLabel } from './WorklogActionLabel';

const meta = {
  title: 'entities/worklog/WorklogActionLabel',
  component: WorklogActionLabel,
  args: { action: 'arrival' },
  argTypes: { action: { control: 'inline-radio', options: WORKLOG_ACTIONS } },
} satisfies Meta<typeof WorklogActionLabel>;

export default meta;
type Story = StoryObj<typeof meta>;

const AllStates: Story = {
  render: () => (
    <ul>
      {WORKLOG_ACTIONS.map((action) => (
        <li key={action}>
          <WorklogActionLabel action={action} />
        </li>
      ))}
    </ul>
  ),
};

export const Default: Story = {
  ...AllStates,
  play: async ({ canvasElement }) => {
    for (const label of ['Arrival', 'Loading', 'Unloading', 'Measuring', 'Sorting', 'Departure']) {
      await expect(within(canvasElement).getByText(label)).toBeInTheDocument();
    }
  },
};

export const Estonian: Story = {
  ...AllStates,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Mõõtmine')).toBeInTheDocument();
  },
};

export const Dark: Story = { ...AllStates, globals: { theme: 'dark' } };
