import { screen, waitFor } from '@testing-library/react';
import { delay, http } from 'msw';

import { TAGS } from '@/shared/api';

import { renderWithProviders, signedInState } from '../../../../../tests/jest/render';
import { server } from '../../../../../tests/jest/server';
import { workerApi } from '../../api/workerApi';

import { WorkerPicker } from './WorkerPicker';

describe('WorkerPicker', () => {
  it('keeps offering the answered items while the same search reloads, and offers none while a new text is unanswered', async () => {
    let requests = 0;
    let hold = false;
    // Counts the list's requests; `hold` keeps an answer back until the test has looked.
    server.use(
      http.get('*/api/workers/', async () => {
        requests += 1;
        if (hold) await delay(400);
        return undefined;
      }),
    );
    const { store, user } = renderWithProviders(<WorkerPicker label="Worker" value={[]} onChange={() => undefined} />, {
      preloadedState: await signedInState(),
    });
    await user.click(screen.getByRole('combobox', { name: 'Worker' }));
    const first = (await screen.findAllByRole('option'))[0]?.textContent;
    expect(first).toBeTruthy();

    // A live update reloads the same search: its items stay, nothing says "Searching…".
    hold = true;
    const before = requests;
    store.dispatch(workerApi.util.invalidateTags([TAGS.worker]));
    await waitFor(() => expect(requests).toBe(before + 1));
    expect(screen.queryByText('Searching…')).toBeNull();
    expect(screen.getAllByRole('option')[0]?.textContent).toBe(first);

    // A new text: the old items are not offered until its own answer is in.
    await user.type(screen.getByRole('combobox', { name: 'Worker' }), 'zz-nobody');
    expect(await screen.findByText('Searching…')).toBeInTheDocument();
    expect(screen.queryAllByRole('option').map((option) => option.textContent)).not.toContain(first);
  });
});
