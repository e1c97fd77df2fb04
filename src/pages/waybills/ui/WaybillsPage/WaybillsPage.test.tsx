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
