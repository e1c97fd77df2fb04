import type { Meta, StoryObj } from '@storybook/react';

import { Badge, BADGE_TONES } from './Badge';

const meta = {
  title: 'shared/ui/Badge',
  component: Badge,
  args: { children: 'Delivered', tone: 'success' },
  argTypes: { tone: { control: 'inline-radio', options: BADGE_TONES } },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllTones: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      {BADGE_TONES.map((tone) => (
        <Badge key={tone} tone={tone}>
          {tone}
        </Badge>
      ))}
    </div>
  ),
};

export const Dark: Story = { ...AllTones, globals: { theme: 'dark' } };
