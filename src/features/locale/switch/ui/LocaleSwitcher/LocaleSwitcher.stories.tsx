import type { Meta, StoryObj } from '@storybook/react';
import { expect, screen, userEvent, within } from 'storybook/test';

import { LocaleSwitcher } from './LocaleSwitcher';

const meta = {
  title: 'features/locale/LocaleSwitcher',
  component: LocaleSwitcher,
} satisfies Meta<typeof LocaleSwitcher>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Before anyone reaches for it: a plain button, the menu's code not loaded. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Language: English' });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Activating the button loads the menu and opens it with the current language checked. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Language: English' }));
    await expect(await screen.findByRole('menuitemradio', { name: /English/ })).toHaveAttribute('aria-checked', 'true');
    await expect(screen.getByRole('menuitemradio', { name: 'Eesti' })).toHaveAttribute('aria-checked', 'false');
    await userEvent.keyboard('{Escape}');
    await expect(await within(canvasElement).findByRole('button', { name: 'Language: English' })).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Keel: Eesti' })).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
