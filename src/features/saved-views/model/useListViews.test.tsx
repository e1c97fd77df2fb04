import { act, screen, waitFor } from '@testing-library/react';
import { WAYBILL_LIST } from '@timberlog/contract';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { useLocation } from 'react-router-dom';

import { mockSavedView } from '@/entities/saved-view/index.mocks';
import { useListQuery } from '@/shared/lib/list-query';
import { resetMockDb } from '@/shared/mock-db';

import { renderWithProviders, signedInState } from '../../../../tests/jest/render';
import { VIEW_PARAM } from '../lib/views';

import { useListViews } from './useListViews';

const OPTIONS = { otherParams: [VIEW_PARAM] };

/** The hook on a list page: what it shows, and buttons for what a user does. */
function Probe() {
  const query = useListQuery(WAYBILL_LIST, OPTIONS);
  const views = useListViews('waybills', query);
  const { search } = useLocation();
  return (
    <div>
      <output aria-label="search">{search}</output>
      <output aria-label="open">{views.views ? (views.openView?.name ?? 'none') : 'loading'}</output>
      <output aria-label="changes">{views.changes.join(',')}</output>
      <output aria-label="density">{views.density}</output>
      <output aria-label="columns">{views.columns.join(',')}</output>
      <button type="button" onClick={() => query.setFilter('statusIn', ['draft'])}>
        Drafts
      </button>
      <button type="button" onClick={() => views.setDensity('compact')}>
        Compact
      </button>
      <button type="button" onClick={() => views.setColumns(['number', 'mileage'])}>
        Two columns
      </button>
      <button type="button" onClick={views.revert}>
        Revert
      </button>
    </div>
  );
}

const me = DEMO_USERS.user.email;
const output = (name: string) => screen.getByRole('status', { name });
const text = (name: string) => output(name).textContent;

describe('useListViews', () => {
  beforeEach(() => resetMockDb());

  it("opens the user's default view when the list is opened with no query", async () => {
    mockSavedView({
      list: 'waybills',
      name: 'Someone else’s',
      query: 'statusIn=draft',
      shared: true,
      isDefault: true,
      owner: DEMO_USERS.staff.email,
    });
    const mine = mockSavedView({
      list: 'waybills',
      name: 'Confirmed',
      query: 'statusIn=confirmed',
      isDefault: true,
      owner: me,
      density: 'compact',
    });
    renderWithProviders(<Probe />, { path: '/waybills', preloadedState: await signedInState({ email: me }) });
    await waitFor(() => expect(text('open')).toBe('Confirmed'));
    expect(text('search')).toBe(`?statusIn=confirmed&view=${mine.id}`);
    expect(text('density')).toBe('compact');
    expect(text('changes')).toBe('');
  });

  it('leaves a list opened with a query as it is', async () => {
    mockSavedView({ list: 'waybills', name: 'Confirmed', query: 'statusIn=confirmed', isDefault: true, owner: me });
    renderWithProviders(<Probe />, { path: '/waybills?statusIn=delivered', preloadedState: await signedInState({ email: me }) });
    await waitFor(() => expect(text('open')).toBe('none'));
    expect(text('search')).toBe('?statusIn=delivered');
  });

  it('says what differs from the open view until it is reverted', async () => {
    const view = mockSavedView({ list: 'waybills', name: 'Confirmed', query: 'statusIn=confirmed', owner: me });
    const { user } = renderWithProviders(<Probe />, {
      path: `/waybills?statusIn=confirmed&view=${view.id}`,
      preloadedState: await signedInState({ email: me }),
    });
    await waitFor(() => expect(text('open')).toBe('Confirmed'));
    expect(text('changes')).toBe('');
    await user.click(screen.getByRole('button', { name: 'Drafts' }));
    await waitFor(() => expect(text('changes')).toBe('query'));
    await user.click(screen.getByRole('button', { name: 'Compact' }));
    await user.click(screen.getByRole('button', { name: 'Two columns' }));
    expect(text('changes')).toBe('query,columns,density');
    await user.click(screen.getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(text('changes')).toBe(''));
    expect(text('search')).toBe(`?statusIn=confirmed&view=${view.id}`);
  });

  it("fills in a link naming only the view with the view's query", async () => {
    const view = mockSavedView({
      list: 'waybills',
      name: 'Confirmed',
      query: 'statusIn=confirmed',
      shared: true,
      owner: DEMO_USERS.staff.email,
    });
    renderWithProviders(<Probe />, { path: `/waybills?view=${view.id}`, preloadedState: await signedInState({ email: me }) });
    await waitFor(() => expect(text('search')).toBe(`?statusIn=confirmed&view=${view.id}`));
    expect(text('open')).toBe('Confirmed');
  });

  it("keeps columns and density in the user's preferences while no view is open", async () => {
    const { user, store } = renderWithProviders(<Probe />, { path: '/waybills', preloadedState: await signedInState({ email: me }) });
    await waitFor(() => expect(text('open')).toBe('none'));
    await user.click(screen.getByRole('button', { name: 'Compact' }));
    await user.click(screen.getByRole('button', { name: 'Two columns' }));
    expect(store.getState().preferences.lists?.waybills).toEqual({ density: 'compact', columns: ['number', 'mileage'] });
    expect(text('columns')).toBe('number,mileage');
    expect(text('search')).toBe('');
    await act(() => Promise.resolve());
  });
});
