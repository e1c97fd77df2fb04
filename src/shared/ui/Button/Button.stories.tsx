import type { Meta, StoryObj } from '@storybook/react';

import { Button, BUTTON_VARIANTS } from './Button';

const meta = {
  title: 'shared/ui/Button',
  component: Button,
  args: { children: 'Save waybill', variant: 'primary' },
  argTypes: { variant: { control: 'inline-radio', options: BUTTON_VARIANTS } },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: 'Cancel' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Delete waybill' } };
export const Safe: Story = { args: { variant: 'safe', children: 'Mark delivered' } };
export const Minimal: Story = { args: { variant: 'minimal', children: 'Clear filters' } };
export const Small: Story = { args: { size: 'sm', children: 'Retry' } };
export const Disabled: Story = { args: { disabled: true } };
export const AsLink: Story = { args: { to: '/waybills', children: 'Open waybills' } };
export const DisabledLink: Story = { args: { to: '/waybills', disabled: true, children: 'Open waybills' } };

export const AllVariants: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, max-content)', gap: 12, alignItems: 'center' }}>
      {BUTTON_VARIANTS.map((variant) => (
        <div key={variant} style={{ display: 'contents' }}>
          <Button variant={variant}>{variant}</Button>
          <Button variant={variant} disabled>
            {variant} disabled
          </Button>
          <Button variant={variant} to="/waybills">
            {variant} link
          </Button>
          <Button variant={variant} to="/waybills" disabled>
            {variant} link disabled
          </Button>
        </div>
      ))}
    </div>
  ),
};
