import { waitFor } from '@testing-library/react';

import { baseApi, TAGS } from '@/shared/api';
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
    const result = await store.dispatch(listInvoices.initiate({ statusIn: ['sync_failed', 'pending_sync'], search: 'i-2026' }));
    expect(recorder.requests).toEqual(['GET /api/invoices/?statusIn=sync_failed&statusIn=pending_sync&search=i-2026']);
    // The demo data has one failed sync and three awaiting theirs.
    expect(result.data?.results.map((invoice) => invoice.status).sort()).toEqual([
      'pending_sync',
      'pending_sync',
      'pending_sync',
      'sync_failed',
    ]);
  });

  it('refuses waybills that are not delivered', async () => {
    const store = makeApiStore();
    const draft = mockDb.waybills.find((w) => w.status === 'draft');
    const result = await store.dispatch(createInvoice.initiate({ waybills: [draft?.number ?? ''] }));
    expect(result.error).toMatchObject({
      status: 400,
      fieldErrors: { waybills: `Only delivered waybills can be invoiced; not delivered: ${draft?.number ?? ''} (draft).` },
    });
  });

  it('previews an invoice with exact decimal totals and creates it as the server numbers it', async () => {
    const store = makeApiStore();
    const customer = mockDb.companies.find((company) => company.isInvoiceCustomer);
    const waybills = mockDb.waybills.filter((w) => w.status === 'delivered' && w.destinationCompany === customer?.registryCode).slice(0, 3);
    expect(waybills).toHaveLength(3);
    const numbers = waybills.map((w) => w.number);
    const preview = await store.dispatch(invoiceApi.endpoints.previewInvoice.initiate({ waybills: numbers, issueDate: '2026-11-20' }));
    expect(preview.data).toMatchObject({
      customer: customer?.registryCode,
      issueDate: '2026-11-20',
      dueDate: '2026-12-04',
      vatRate: '24.00',
    });
    const cents = (value: string) => Math.round(Number(value) * 100);
    const net = preview.data?.lines.reduce((sum, line) => sum + cents(line.amount), 0) ?? 0;
    expect(cents(preview.data?.netTotal ?? '')).toBe(net);
    expect(cents(preview.data?.grossTotal ?? '')).toBe(net + cents(preview.data?.vatTotal ?? ''));

    const created = await store.dispatch(createInvoice.initiate({ waybills: numbers })).unwrap();
    expect(created.number).toMatch(/^I-\d{4}-\d{6}$/);
    expect(created).toMatchObject({ status: 'pending_sync', netTotal: preview.data?.netTotal });
    expect(mockDb.waybills.filter((w) => numbers.includes(w.number)).map((w) => w.invoice)).toEqual(numbers.map(() => created.number));
  });

  it('creating refreshes the invoiced waybills but never the preview it came from, which would only be refused now', async () => {
    const store = makeApiStore();
    const customer = mockDb.companies.find((company) => company.isInvoiceCustomer);
    const numbers = mockDb.waybills
      .filter((w) => w.status === 'delivered' && w.destinationCompany === customer?.registryCode)
      .slice(0, 2)
      .map((w) => w.number);
    const [first = ''] = numbers;
    const preview = store.dispatch(invoiceApi.endpoints.previewInvoice.initiate({ waybills: numbers }));
    // A waybill's page, cached as the waybill entity caches it: under the waybill's tag.
    const { getWaybillPage } = baseApi.injectEndpoints({
      endpoints: (build) => ({
        getWaybillPage: build.query<unknown, string>({
          query: (number) => `/api/waybills/${number}/`,
          providesTags: (_waybill, _error, number) => [{ type: TAGS.waybill, id: number }],
        }),
      }),
      overrideExisting: true,
    }).endpoints;
    const waybill = store.dispatch(getWaybillPage.initiate(first));
    await Promise.all([preview, waybill]);
    recorder.clear();

    await store.dispatch(createInvoice.initiate({ waybills: numbers })).unwrap();
    await waitFor(() => expect(recorder.count(`GET /api/waybills/${first}/`)).toBe(1));
    expect(recorder.requests.filter((request) => request.startsWith('GET /api/invoices/preview/'))).toEqual([]);
    preview.unsubscribe();
    waybill.unsubscribe();
  });

  it('retrying a failed sync refetches that invoice only', async () => {
    const store = makeApiStore();
    const failed = mockDb.invoices.find((invoice) => invoice.status === 'sync_failed');
    const synced = mockDb.invoices.find((invoice) => invoice.status === 'synced');
    if (!failed || !synced) throw new Error('seed has a failed and a synced invoice');
    const subscriptions = [store.dispatch(getInvoice.initiate(failed.number)), store.dispatch(getInvoice.initiate(synced.number))];
    await Promise.all(subscriptions);
    recorder.clear();

    const retried = await store.dispatch(retryInvoiceSync.initiate({ number: failed.number, version: failed.version }));
    expect(retried.data?.status).toBe('pending_sync');
    await waitFor(() => expect(recorder.count(`GET /api/invoices/${failed.number}/`)).toBe(1));
    expect(recorder.count(`GET /api/invoices/${synced.number}/`)).toBe(0);
    expect(getInvoice.select(failed.number)(store.getState()).data?.status).toBe('pending_sync');

    const again = await store.dispatch(retryInvoiceSync.initiate({ number: synced.number, version: synced.version }));
    expect(again.error).toMatchObject({ status: 400, hasMessage: true });
    subscriptions.forEach((subscription) => subscription.unsubscribe());
  });
});
