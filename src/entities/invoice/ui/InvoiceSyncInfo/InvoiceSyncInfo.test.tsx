import { screen } from '@testing-library/react';

import { mockInvoice } from '@/shared/mock-db';

import { renderWithProviders } from '../../../../../tests/jest/render';

import { InvoiceSyncInfo } from './InvoiceSyncInfo';

const failed = { status: 'sync_failed', externalId: null, syncedAt: null, syncAttempts: 2 } as const;

describe('InvoiceSyncInfo', () => {
  it('an ordinary user sees the translated reason of a failed sync, never a raw error', async () => {
    // The API answers no raw error to an ordinary user.
    const view = renderWithProviders(<InvoiceSyncInfo invoice={mockInvoice({ ...failed, syncFailure: 'unreachable', syncError: null })} />);
    expect(await screen.findByText('The accounting system could not be reached.')).toBeInTheDocument();
    expect(screen.queryByText('Technical detail')).toBeNull();
    view.unmount();

    renderWithProviders(<InvoiceSyncInfo invoice={mockInvoice({ ...failed, syncFailure: 'rejected', syncError: null })} />, {
      locale: 'et',
    });
    expect(await screen.findByText('Raamatupidamissüsteem lükkas arve tagasi. Töötajad näevad põhjust.')).toBeInTheDocument();
  });

  it('staff also see the raw error, as a technical detail', async () => {
    const raw = 'fetch failed: connect ECONNREFUSED 127.0.0.1:65534';
    renderWithProviders(<InvoiceSyncInfo invoice={mockInvoice({ ...failed, syncFailure: 'unreachable', syncError: raw })} />);
    expect(await screen.findByText('The accounting system could not be reached.')).toBeInTheDocument();
    expect(screen.getByText('Technical detail')).toBeInTheDocument();
    expect(screen.getByText(raw)).toBeInTheDocument();
  });
});
