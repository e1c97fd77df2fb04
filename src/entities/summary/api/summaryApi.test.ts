import { configureStore } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { INVOICE_STATUSES, SUMMARY_CHARTS, WAYBILL_STATUSES, chartPeriods } from '@timberlog/contract';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

import { baseApi, LIST_ID, TAGS } from '@/shared/api';
import { mockDb, resetMockDb } from '@/shared/mock-db';

import { recordRequests } from '../../../../tests/jest/apiStore';

import { mockSummaryCharts } from './__mocks__/summaryHandlers';
import { summaryApi } from './summaryApi';

/** A store with only the api, signed in as `email` through a mock token. */
const storeAs = (email: string) =>
  configureStore({
    reducer: {
      [baseApi.reducerPath]: baseApi.reducer,
      session: () => ({ accessToken: `mock-access-token:${email}`, refreshToken: null, sessionExpired: false, sessionInitialized: true }),
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });

const countBy = (statuses: readonly string[], items: readonly { status: string }[]) =>
  Object.fromEntries(statuses.map((status) => [status, items.filter((item) => item.status === status).length]));

describe('getSummary', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('counts every waybill and invoice status of the data set in one call; ordinary users get no sign-up count', async () => {
    const store = storeAs(DEMO_USERS.user.email);
    const summary = await store.dispatch(summaryApi.endpoints.getSummary.initiate()).unwrap();
    expect(recorder.requests).toEqual(['GET /api/summary']);
    expect(summary.waybillsByStatus).toEqual(countBy(WAYBILL_STATUSES, mockDb.waybills));
    expect(summary.invoicesByStatus).toEqual(countBy(INVOICE_STATUSES, mockDb.invoices));
    expect(Object.values(summary.waybillsByStatus).reduce((a, b) => a + b, 0)).toBe(mockDb.waybills.length);
    expect(summary.usersAwaitingActivation).toBeNull();
  });

  it('staff also get the accounts awaiting activation', async () => {
    const store = storeAs(DEMO_USERS.staff.email);
    const summary = await store.dispatch(summaryApi.endpoints.getSummary.initiate()).unwrap();
    const inactive = mockDb.users.filter((user) => !user.isActive).length;
    expect(inactive).toBeGreaterThan(0);
    expect(summary.usersAwaitingActivation).toBe(inactive);
  });

  it.each([TAGS.waybill, TAGS.invoice, TAGS.user])('refetches when the %s lists change', async (type) => {
    const store = storeAs(DEMO_USERS.staff.email);
    const subscription = store.dispatch(summaryApi.endpoints.getSummary.initiate());
    await subscription;
    recorder.clear();
    store.dispatch(baseApi.util.invalidateTags([{ type, id: LIST_ID }]));
    await waitFor(() => expect(recorder.requests).toEqual(['GET /api/summary']));
    subscription.unsubscribe();
  });
});

describe('getSummaryCharts', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it("answers as of today the hauled waybills of the twelve weeks, the month's destinations and the year's invoices", async () => {
    const store = storeAs(DEMO_USERS.user.email);
    const charts = await store.dispatch(summaryApi.endpoints.getSummaryCharts.initiate()).unwrap();
    expect(recorder.requests).toEqual(['GET /api/summary/charts']);
    expect(charts).toEqual(mockSummaryCharts());
    const hauled = (from: string, to: string) =>
      mockDb.waybills.filter(
        (waybill) => ['delivered', 'invoiced'].includes(waybill.status) && waybill.transportDate >= from && waybill.transportDate < to,
      );
    const periods = chartPeriods(charts.today);
    expect(charts.hauls.reduce((sum, haul) => sum + haul.waybills, 0)).toBe(hauled(periods.weeks[0]!, periods.weeksEnd).length);
    const inMonth = hauled(periods.monthStart, periods.monthEnd);
    const top = charts.topDestinations[0];
    if (top) expect(top.waybills).toBe(inMonth.filter((waybill) => waybill.destination === top.destination).length);
    const issued = mockDb.invoices.filter((invoice) => invoice.issueDate >= periods.months[0]! && invoice.issueDate < periods.monthEnd);
    expect(charts.invoicing.reduce((sum, month) => sum + month.invoices, 0)).toBe(issued.length);
  });

  it('sums the demo data of a fixed day exactly: hauls in thousandths, invoicing in cents', () => {
    const charts = mockSummaryCharts('2026-11-20');
    expect(charts.weeks.at(-1)).toBe('2026-11-16');
    expect(charts.hauls.length).toBeGreaterThan(0);
    expect(charts.topDestinations.length).toBe(SUMMARY_CHARTS.topDestinations);
    expect(charts.invoicing.length).toBeGreaterThan(0);
    for (const haul of charts.hauls) expect(haul.quantity).toMatch(/^\d+\.\d{3}$/);
    for (const month of charts.invoicing) expect(month.grossTotal).toMatch(/^\d+\.\d{2}$/);
  });

  it.each([TAGS.waybill, TAGS.invoice])('refetches when the %s lists change', async (type) => {
    const store = storeAs(DEMO_USERS.user.email);
    const subscription = store.dispatch(summaryApi.endpoints.getSummaryCharts.initiate());
    await subscription;
    recorder.clear();
    store.dispatch(baseApi.util.invalidateTags([{ type, id: LIST_ID }]));
    await waitFor(() => expect(recorder.requests).toEqual(['GET /api/summary/charts']));
    subscription.unsubscribe();
  });
});
