import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';

import { LoadingScreen } from './LoadingScreen';

/** While a page's code loads: the home page's outline in skeletons, not a bare line of text. */
const meta = {
  title: 'app/layout/LoadingScreen',
  component: LoadingScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LoadingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const outline =
  (loading: string): Story['play'] =>
  async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // A busy page named for what it waits for, its words for assistive technology only.
    await expect(canvas.getByRole('region', { name: loading })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent(loading);
    // What is seen: a heading, buttons and cards in outline.
    await expect(canvasElement.querySelectorAll('[aria-hidden="true"]').length).toBeGreaterThanOrEqual(4);
  };

export const Default: Story = { play: outline('Loading…') };

export const Estonian: Story = { globals: { locale: 'et' }, play: outline('Laadimine…') };

export const Dark: Story = { globals: { theme: 'dark' }, play: outline('Loading…') };
