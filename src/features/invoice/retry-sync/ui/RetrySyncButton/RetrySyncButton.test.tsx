import { screen } from '@testing-library/react';
import { INVOICE_STATUSES } from '@timberlog/contract';

import { renderWithProviders } from '../../../../../../tests/jest/render';

import { RetrySyncButton } from './RetrySyncButton';

describe('RetrySyncButton', () => {
  it('appears only on invoices whose sync failed, not on pending or synced ones', () => {
    for (const status of INVOICE_STATUSES) {
      const view = renderWithProviders(
        <RetrySyncButton invoice={{ number: 'I-2026-000001', status, version: 1 }} onError={() => undefined} />,
      );
      const button = screen.queryByRole('button', { name: 'Retry sync' });
      if (status === 'sync_failed') expect(button).toBeInTheDocument();
      else expect([status, button]).toEqual([status, null]);
      view.unmount();
    }
  });
});
