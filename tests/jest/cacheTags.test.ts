import { waitFor } from '@testing-library/react';

import { exportRequestApi } from '@/entities/export-request';
import { invoiceApi } from '@/entities/invoice';
import { summaryApi } from '@/entities/summary';
import { waybillApi } from '@/entities/waybill';
import { workerApi } from '@/entities/worker';
import { worklogApi } from '@/entities/worklog';
import { mockDb, resetMockDb } from '@/shared/mock-db';

import { makeApiStore, recordRequests } from './apiStore';

// Mutations whose effects reach another entity's cache: the tags must make those queries refetch.
describe('cache tags across entities', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('creating an invoice refetches the invoice list, the waybills it includes and the waybill lists', async () => {
    const store = makeApiStore();
    const customer = mockDb.waybills.find((w) => w.status === 'delivered' && w.invoice === null)?.destinationCompany;
    const [first, second, untouched] = mockDb.waybills.filter(
      (w) => w.status === 'delivered' && w.invoice === null && w.destinationCompany === customer,
    );
    if (!first || !second || !untouched) throw new Error('seed has three invoiceable waybills');
    const subscriptions = [
      store.dispatch(invoiceApi.endpoints.listInvoices.initiate({})),
      store.dispatch(waybillApi.endpoints.listWaybills.initiate({ statusIn: ['delivered'] })),
      store.dispatch(waybillApi.endpoints.getWaybill.initiate(first.number)),
      store.dispatch(waybillApi.endpoints.getWaybill.initiate(untouched.number)),
      store.dispatch(invoiceApi.endpoints.previewInvoice.initiate({ waybills: [first.number, second.number] })),
      store.dispatch(summaryApi.endpoints.getSummary.initiate()),
    ];
    await Promise.all(subscriptions);
    const before = summaryApi.endpoints.getSummary.select()(store.getState()).data;
    recorder.clear();

    const created = await store.dispatch(invoiceApi.endpoints.createInvoice.initiate({ waybills: [first.number, second.number] }));
    expect(created.data).toMatchObject({ status: 'pending_sync', waybills: [first.number, second.number] });

    await waitFor(() => expect(recorder.count('GET /api/invoices/')).toBe(1));
    await waitFor(() => expect(recorder.count('GET /api/waybills/?statusIn=delivered')).toBe(1));
    // The home page's counts: two more invoiced waybills, two fewer delivered, one invoice awaiting sync.
    await waitFor(() => expect(recorder.count('GET /api/summary')).toBe(1));
    await waitFor(() => expect(recorder.count(`GET /api/waybills/${first.number}/`)).toBe(1));
    expect(recorder.count(`GET /api/waybills/${untouched.number}/`)).toBe(0);
    expect(waybillApi.endpoints.getWaybill.select(first.number)(store.getState()).data).toMatchObject({
      status: 'invoiced',
      invoice: created.data?.number,
    });
    await waitFor(() =>
      expect(summaryApi.endpoints.getSummary.select()(store.getState()).data?.waybillsByStatus).toMatchObject({
        delivered: (before?.waybillsByStatus.delivered ?? 0) - 2,
        invoiced: (before?.waybillsByStatus.invoiced ?? 0) + 2,
      }),
    );
    expect(summaryApi.endpoints.getSummary.select()(store.getState()).data?.invoicesByStatus.pending_sync).toBe(
      (before?.invoicesByStatus.pending_sync ?? 0) + 1,
    );
    subscriptions.forEach((subscription) => subscription.unsubscribe());
  });

  it('a waybill report sends the filters as query parameters and refreshes the export list', async () => {
    const store = makeApiStore();
    const exports = store.dispatch(exportRequestApi.endpoints.listExportRequests.initiate({ seen: false }));
    await exports;
    recorder.clear();
    const report = await store.dispatch(
      waybillApi.endpoints.createWaybillReport.initiate({ filters: { statusIn: ['draft', 'confirmed'] }, format: 'csv' }),
    );
    expect(report.data).toMatchObject({ kind: 'waybill_report', format: 'csv', inProgress: true });
    expect(recorder.requests[0]).toBe('POST /api/waybills/waybill_report/?statusIn=draft&statusIn=confirmed');
    await waitFor(() => expect(recorder.count('GET /api/export-requests/?seen=false')).toBe(1));
    exports.unsubscribe();
  });

  it('a worklog refreshes the worker lists and that worker', async () => {
    const store = makeApiStore();
    const workers = store.dispatch(workerApi.endpoints.listWorkers.initiate({}));
    const worker = store.dispatch(workerApi.endpoints.getWorker.initiate('Liis Kuusk'));
    const before = (await worker).data?.worklogCount ?? 0;
    await workers;
    recorder.clear();
    const created = await store.dispatch(
      worklogApi.endpoints.createWorklog.initiate({
        timestamp: '2026-03-01T10:00:00.000Z',
        action: 'measuring',
        warehouse: 1,
        workerName: 'Liis Kuusk',
        durationMinutes: 20,
      }),
    );
    expect(created.data).toMatchObject({ warehouseName: mockDb.warehouses[0]?.name, number: expect.stringMatching(/^L-/) as string });
    await waitFor(() => expect(recorder.count('GET /api/workers/')).toBe(1));
    await waitFor(() => expect(workerApi.endpoints.getWorker.select('Liis Kuusk')(store.getState()).data?.worklogCount).toBe(before + 1));
    workers.unsubscribe();
    worker.unsubscribe();
  });
});
