import type { Meta, StoryObj } from '@storybook/react';

import { FormAlert, FormCard } from './FormCard';

const meta = {
  title: 'shared/ui/FormCard',
  component: FormCard,
  args: {
    title: 'Sign in',
    intro: 'Sign in with your work email address.',
    children: <p>Form fields go here.</p>,
    footer: <a href="#forgot">Forgot password?</a>,
  },
} satisfies Meta<typeof FormCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithError: Story = {
  args: { children: <FormAlert>Wrong email or password.</FormAlert> },
};
export const WithSuccess: Story = {
  args: { children: <FormAlert tone="success">Your password has been changed.</FormAlert> },
};
export const Dark: Story = { ...WithError, globals: { theme: 'dark' } };
