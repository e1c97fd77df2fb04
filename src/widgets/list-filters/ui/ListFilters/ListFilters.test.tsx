import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WAYBILL_LIST } from '@timberlog/contract';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { SEARCH_DEBOUNCE_MS, useListQuery } from '@/shared/lib/list-query';

import { makeApiStore } from '../../../../../tests/jest/apiStore';

import { ListFilters } from './ListFilters';

function Bar({ visibleFields }: { readonly visibleFields?: number }) {
  const query = useListQuery(WAYBILL_LIST);
  return (
    <ListFilters
      query={query}
      {...(visibleFields === undefined ? {} : { visibleFields })}
      fields={[
        { name: 'statusIn', label: 'Status', optionLabel: (value) => value.toUpperCase() },
        { name: 'transportDateAfter', to: 'transportDateBefore', label: 'Transport date' },
        { name: 'driverName', label: 'Driver' },
      ]}
    />
  );
}

const setup = (path = '/', visibleFields?: number) => {
  const router = createMemoryRouter([{ path: '/', element: <Bar visibleFields={visibleFields} /> }], { initialEntries: [path] });
  render(
    <Provider store={makeApiStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return () => new URLSearchParams(router.state.location.search);
};

describe('ListFilters', () => {
  it('folds the fields behind a Filters button that counts the active filters (shown on a phone)', async () => {
    setup('/?statusIn=draft&statusIn=confirmed&driverName=Jaan');
    const toggle = screen.getByRole('button', { name: 'Filters (3)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const fields = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(fields).toContainElement(screen.getByLabelText('Driver'));
    // The style sheet hides .folded on a narrow bar (a container query, checked in the browser by the Phone story).
    expect(fields).toHaveClass('folded');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(fields).not.toHaveClass('folded');
  });

  it('folds the fields past the visible ones under "More filters", which counts those on and opens when one is', async () => {
    setup('/?driverName=Jaan&createdAfter=2026-11-01&createdBefore=2026-11-30', 2);
    const more = screen.getByRole('button', { name: /^More filters \(2\)/ });
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const folded = document.getElementById(more.getAttribute('aria-controls') ?? '');
    expect(folded).toContainElement(screen.getByLabelText('Driver'));
    expect(folded).not.toContainElement(screen.getByRole('group', { name: 'Transport date' }));
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(folded).not.toBeVisible();
  });

  it('keeps "More filters" closed and without a count while none of its filters is on', () => {
    setup('/?statusIn=draft', 2);
    expect(screen.getByRole('button', { name: /^More filters$/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('names the Filters button without a count while no filter is active', () => {
    setup('/?search=spruce');
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('writes a multi-select choice to the URL under the API name and goes back to page 1', async () => {
    const url = setup('/?pageNumber=3');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'DELIVERED' }));
    await userEvent.click(screen.getByRole('option', { name: 'DRAFT' }));
    expect(url().getAll('statusIn')).toEqual(['delivered', 'draft']);
    expect(url().get('pageNumber')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Active filters' })).getByText('Status: DELIVERED')).toBeInTheDocument();
  });

  it('writes both ends of a date range and shows them as chips', async () => {
    const url = setup();
    await userEvent.type(screen.getByLabelText('Transport date: From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('Transport date: To'), '2026-11-30');
    expect(url().get('transportDateAfter')).toBe('2026-11-01');
    expect(url().get('transportDateBefore')).toBe('2026-11-30');
    const chips = within(screen.getByRole('list', { name: 'Active filters' }));
    await userEvent.click(chips.getByRole('button', { name: 'Remove filter Transport date until 30/11/2026' }));
    expect(url().get('transportDateBefore')).toBeNull();
    expect(url().get('transportDateAfter')).toBe('2026-11-01');
  });

  it('writes only the end of a range that changed, keeping a new start the screen has not shown yet', () => {
    const url = setup('/?transportDateBefore=2026-12-31');
    // Both ends change before the bar renders again: the "to" must not write back the old "from".
    act(() => {
      fireEvent.change(screen.getByLabelText('Transport date: From'), { target: { value: '2026-11-01' } });
      fireEvent.change(screen.getByLabelText('Transport date: To'), { target: { value: '2026-11-30' } });
    });
    expect(url().get('transportDateAfter')).toBe('2026-11-01');
    expect(url().get('transportDateBefore')).toBe('2026-11-30');
  });

  it('removes two chips clicked before the bar renders again, keeping the rest', () => {
    const url = setup('/?statusIn=draft&statusIn=confirmed&statusIn=delivered&driverName=Jaan');
    const chips = within(screen.getByRole('list', { name: 'Active filters' }));
    const draft = chips.getByRole('button', { name: 'Remove filter Status: DRAFT' });
    const confirmed = chips.getByRole('button', { name: 'Remove filter Status: CONFIRMED' });
    act(() => {
      fireEvent.click(draft);
      fireEvent.click(confirmed);
    });
    expect(url().getAll('statusIn')).toEqual(['delivered']);
    expect(url().get('driverName')).toBe('Jaan');
  });

  it('applies a text filter on Enter, and searches after the debounce', async () => {
    jest.useFakeTimers();
    try {
      const url = setup();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.type(screen.getByLabelText('Driver'), 'Jaan{Enter}');
      expect(url().get('driverName')).toBe('Jaan');
      await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'spruce');
      expect(url().get('search')).toBeNull();
      act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      expect(url().get('search')).toBe('spruce');
      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      expect(url().toString()).toBe('');
    } finally {
      jest.useRealTimers();
    }
  });

  it('lays a date range out as the other fields: heading over its inputs, one gap, no wider than the inputs', () => {
    setup();
    const from = screen.getByLabelText('Transport date: From');
    const range = screen.getByRole('group', { name: 'Transport date' });
    // The inputs sit in a row of their own under the heading, not beside a full-width legend.
    expect(from.parentElement).not.toBe(range);
    const css = readFileSync(join(__dirname, 'ListFilters.module.css'), 'utf8');
    const rule = (selector: string) => new RegExp(`\\n\\${selector}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
    expect(rule('.range')).toContain('flex-direction: column');
    expect(rule('.range')).toContain('gap: var(--space-1)');
    expect(rule('.field')).toContain('gap: var(--space-1)');
    // A margin or a full width on the legend pushes the heading up or widens the range.
    expect(rule('.range legend')).not.toMatch(/margin|width/);
  });

  it('names the link parameters it ignored', () => {
    setup('/?statusIn=lost&colour=red');
    expect(screen.getByText(/statusIn=lost, colour=red/)).toBeInTheDocument();
  });
});
