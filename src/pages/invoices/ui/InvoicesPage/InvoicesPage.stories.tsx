import type { Meta, StoryObj } from '@storybook/react';

import { InvoicesPage } from './InvoicesPage';

const meta = {
  title: 'pages/invoices/InvoicesPage',
  component: InvoicesPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof InvoicesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Estonian: Story = { globals: { locale: 'et' } };
export const Dark: Story = { globals: { theme: 'dark' } };
