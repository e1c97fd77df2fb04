import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';

import { TopBar } from '@/widgets/top-bar';
import { notify } from '@/shared/lib';
import { Button } from '@/shared/ui';

/** The top bar and a button that shows a toast: where the toasts sit against the bar. */
function ToastsUnderTheBar() {
  return (
    <>
      <TopBar />
      <div style={{ padding: 24 }}>
        <Button onClick={() => notify('Waybill W-2026-000042 was saved.', { variant: 'success' })}>Save</Button>
      </div>
    </>
  );
}

const meta = {
  title: 'app/providers/Toaster',
  component: ToastsUnderTheBar,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ToastsUnderTheBar>;

export default meta;
type Story = StoryObj<typeof meta>;

type Rgb = readonly [number, number, number];
const rgbOf = (color: string): Rgb =>
  (color
    .match(/\d+(\.\d+)?/g)
    ?.slice(0, 3)
    .map(Number) ?? [0, 0, 0]) as unknown as Rgb;
const luminance = ([r, g, b]: Rgb) => {
  const [lr, lg, lb] = [r, g, b].map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(rgbOf(a)), luminance(rgbOf(b))].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** Item 12: a toast sits top-right below the bar (its buttons stay usable), the success green at least 4.5:1. */
const play: Story['play'] = async ({ canvasElement }) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save' }));
  const text = await within(document.body).findByText('Waybill W-2026-000042 was saved.');
  const toast = text.closest('.notistack-MuiContent') as HTMLElement;
  const bar = canvasElement.querySelector('header')!.getBoundingClientRect();
  // In a browser (jsdom lays nothing out and reads no style sheet of ours: all sizes are 0 there).
  await expect(toast.getBoundingClientRect().top).toBeGreaterThanOrEqual(bar.bottom);
  if (bar.height > 0) {
    const style = getComputedStyle(toast);
    await expect(contrast(style.color, style.backgroundColor)).toBeGreaterThanOrEqual(4.5);
  }
};

export const Default: Story = { play };

export const Dark: Story = { globals: { theme: 'dark' }, play };
