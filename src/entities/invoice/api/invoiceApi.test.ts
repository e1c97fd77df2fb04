import { waitFor } from '@testing-library/react';

import { mockDb, resetMockDb } from '@/shared/mock-db';

import { makeApiStore, recordRequests } from '../../../../tests/jest/apiStore';

import { invoiceApi } from './invoiceApi';

const { listInvoices, getInvoice, createInvoice, retryInvoiceSync } = invoiceApi.endpoints;

describe('invoice endpoints', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('lists with repeated statusIn and search', async () => {
    const store = makeApiStore();
    const result = await store.dispatch(listInvoices.initiate({ statusIn: ['sync_failed', 'pending_sync'], search: 'inv' }));
    expect(recorder.requests).toEqual(['GET /api/invoices/?statusIn=sync_failed&statusIn=pending_sync&search=inv']);
    expect(result.data?.results.map((invoice) => invoice.status).sort()).toEqual(['pending_sync', 'sync_failed']);
  });

  it('refuses waybills that are not delivered', async () => {
    const store = makeApiStore();
    const draft = mockDb.waybills.find((w) => w.status === 'draft');
    const result = await store.dispatch(createInvoice.initiate({ waybills: [draft?.number ?? ''] }));
    expect(result.error).toMatchObject({ status: 400, fieldErrors: { waybills: expect.stringContaining('Not delivered') as string } });
  });

  it('retrying a failed sync refetches that invoice only', async () => {
    const store = makeApiStore();
    const failed = mockDb.invoices.find((invoice) => invoice.status === 'sync_failed');
    const synced = mockDb.invoices.find((invoice) => invoice.status === 'synced');
    if (!failed || !synced) throw new Error('seed has a failed and a synced invoice');
    const subscriptions = [store.dispatch(getInvoice.initiate(failed.number)), store.dispatch(getInvoice.initiate(synced.number))];
    await Promise.all(subscriptions);
    recorder.clear();

    const retried = await store.dispatch(retryInvoiceSync.initiate(failed.number));
    expect(retried.data?.status).toBe('pending_sync');
    await waitFor(() => expect(recorder.count(`GET /api/invoices/${failed.number}/`)).toBe(1));
    expect(recorder.count(`GET /api/invoices/${synced.number}/`)).toBe(0);
    expect(getInvoice.select(failed.number)(store.getState()).data?.status).toBe('pending_sync');

    const again = await store.dispatch(retryInvoiceSync.initiate(synced.number));
    expect(again.error).toMatchObject({ status: 400, hasMessage: true });
    subscriptions.forEach((subscription) => subscription.unsubscribe());
  });
});
