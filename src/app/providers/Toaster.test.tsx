import { act, render, screen } from '@testing-library/react';

import { notify } from '@/shared/lib';

import { Toaster } from './Toaster';

/**
 * Moves the fake clock in small steps: each of notistack's exit transitions starts after the
 * previous one's render, so one big jump would leave a closing toast on screen.
 */
const advanceInSteps = async (ms: number, step = 50) => {
  for (let left = ms; left > 0; left -= step) await act(() => jest.advanceTimersByTimeAsync(Math.min(step, left)));
};

/** The toast area's container around a toast: where notistack places it. */
const containerOf = (text: string) => screen.getByText(text).closest('.notistack-SnackbarContainer');

describe('the toast area (product rules: Constants)', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows toasts at the top right', () => {
    render(<Toaster />);
    act(() => notify('Saved.'));
    const container = containerOf('Saved.');
    expect(container).not.toBeNull();
    const style = getComputedStyle(container as Element);
    expect(style.top).not.toBe('');
    expect(style.right).not.toBe('');
    expect(style.bottom).toBe('');
    expect(style.left).toBe('');
  });

  it('hides a toast after 5000 ms, not before', async () => {
    jest.useFakeTimers();
    render(<Toaster />);
    act(() => notify('Saved.'));
    expect(screen.getByText('Saved.')).toBeInTheDocument();

    await advanceInSteps(4999);
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    // Hiding starts at 5000 ms; the exit transitions (slide, then collapse) take under 750 ms.
    await advanceInSteps(751);
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('keeps a persistent toast (an export in progress) past the auto-close time', async () => {
    jest.useFakeTimers();
    render(<Toaster />);
    act(() => notify('Generating…', { persist: true }));
    await advanceInSteps(10_000, 500);
    expect(screen.getByText('Generating…')).toBeInTheDocument();
  });
});
