import { screen, waitFor, within } from '@testing-library/react';
import { WAYBILL_STATUSES } from '@timberlog/contract';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

import { initialSessionState } from '@/entities/session';
import { mockDb, resetMockDb } from '@/shared/mock-db';

import { recordRequests } from '../../../../../tests/jest/apiStore';
import { renderWithProviders } from '../../../../../tests/jest/render';

import { HomePage } from './HomePage';

const signedInAs = (email: string) => ({
  session: { ...initialSessionState, accessToken: `mock-access-token:${email}`, sessionInitialized: true },
});

const countIn = (name: RegExp | string) => within(screen.getByRole('link', { name })).queryByTestId('count')?.textContent;

describe('HomePage counts', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('come from one summary call, not one list call per status', async () => {
    renderWithProviders(<HomePage />, { preloadedState: signedInAs(DEMO_USERS.staff.email) });
    const inactive = mockDb.users.filter((user) => !user.isActive).length;
    await waitFor(() => expect(countIn(/^Sign-ups awaiting activation/)).toBe(String(inactive)));
    const delivered = mockDb.waybills.filter((waybill) => waybill.status === 'delivered').length;
    expect(countIn(/^Delivered/)).toBe(String(delivered));
    expect(screen.getAllByTestId('count')).toHaveLength(WAYBILL_STATUSES.length + 3);
    expect(recorder.count('GET /api/summary')).toBe(1);
    expect(recorder.requests.filter((request) => /^GET \/api\/(waybills|invoices|user)\/\?/.test(request))).toEqual([]);
  });

  it('an ordinary user sees no sign-up count', async () => {
    renderWithProviders(<HomePage />, { preloadedState: signedInAs(DEMO_USERS.user.email) });
    await waitFor(() => expect(screen.getAllByTestId('count')).toHaveLength(WAYBILL_STATUSES.length + 2));
    expect(screen.queryByText('Sign-ups awaiting activation')).toBeNull();
  });
});
