import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import { mockWaybill } from '@/entities/waybill/index.mocks';

import { renderWithProviders, signedInState } from '../../../../../tests/jest/render';
import { server } from '../../../../../tests/jest/server';

import { WaybillsPage } from './WaybillsPage';

const waybills = (count: number) =>
  Array.from({ length: count }, (_, index) => mockWaybill({ number: `W-2026-${String(index + 1).padStart(6, '0')}` }));

describe('the waybill list when a refresh fails', () => {
  it('keeps the rows and count from before, says they are not up to date, and drops the notice when a refresh succeeds', async () => {
    const list = { answer: 'up' as 'up' | 'down', count: 3, calls: 0 };
    server.use(
      http.get('*/api/waybills/', () => {
        list.calls += 1;
        if (list.answer === 'down') return HttpResponse.error();
        return HttpResponse.json({ count: list.count, next: null, previous: null, results: waybills(list.count) });
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path="/waybills" element={<WaybillsPage />} />
      </Routes>,
      { path: '/waybills', preloadedState: await signedInState() },
    );
    expect(await screen.findByText('3 waybills')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Waybills' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(screen.queryByText(/Not up to date/)).toBeNull();

    // The browser says it is online again, but the server gives no answer to the refresh.
    list.answer = 'down';
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText(/^Not up to date — couldn't refresh at \d{2}:\d{2}\.$/)).toBeInTheDocument();
    expect(list.calls).toBe(2);
    expect(screen.getByText('3 waybills')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();

    list.answer = 'up';
    list.count = 5;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('5 waybills')).toBeInTheDocument();
    expect(screen.queryByText(/Not up to date/)).toBeNull();
  });
});

describe('the waybill list after a bulk action', () => {
  it('scrolls to its top and marks the rows the action changed, until it shows another view', async () => {
    const scrolled = jest.fn();
    Element.prototype.scrollTo = scrolled;
    Element.prototype.scrollIntoView = jest.fn();
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/waybills" element={<WaybillsPage />} />
      </Routes>,
      { path: '/waybills?pageSize=10', preloadedState: await signedInState() },
    );
    const table = screen.getByRole('table', { name: 'Waybills' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    // Two drafts of the page, picked.
    const drafts = within(table)
      .getAllByRole('row')
      .filter((row) => within(row).queryByText('Draft'))
      .slice(0, 2);
    expect(drafts).toHaveLength(2);
    for (const row of drafts) await user.click(within(row).getByRole('checkbox'));
    const numbers = drafts.map((row) => within(row).getAllByRole('link')[0]!.textContent);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Confirm' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm waybills' }));
    await user.click(await dialog.findByRole('button', { name: 'Confirm 2 waybills' }));
    await user.click(await dialog.findByRole('button', { name: 'Done' }));

    expect(scrolled).toHaveBeenCalledWith({ top: 0 });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row', { description: /Changed by your last action/ })
          .map((row) => within(row).getAllByRole('link')[0]!.textContent),
      ).toEqual(numbers),
    );
    for (const row of within(table).getAllByRole('row', { description: /Changed by your last action/ }))
      expect(within(row).getByText('Confirmed')).toBeInTheDocument();
    // Another page is another view: nothing marked there, nor back here.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(table).queryAllByRole('row', { description: /Changed by your last action/ })).toHaveLength(0));
  });
});
