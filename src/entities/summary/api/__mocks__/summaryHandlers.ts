import { http, HttpResponse, type HttpHandler } from 'msw';
import { INVOICE_STATUSES, WAYBILL_STATUSES } from '@timberlog/contract';

import { mockCaller, mockDb } from '@/shared/mock-db';

import type { Summary } from '../summaryApi';

/** Every status with the number of `items` in it, 0 included (as the server answers). */
const byStatus = <S extends string>(statuses: readonly S[], items: readonly { readonly status: S }[]): Record<S, number> =>
  Object.fromEntries(statuses.map((status) => [status, items.filter((item) => item.status === status).length])) as Record<S, number>;

/** The mock data set's summary as the caller sees it (server/src/summary/routes.ts). */
export const mockSummary = (caller: { readonly isStaff: boolean }): Summary => ({
  waybillsByStatus: byStatus(WAYBILL_STATUSES, mockDb.waybills),
  invoicesByStatus: byStatus(INVOICE_STATUSES, mockDb.invoices),
  usersAwaitingActivation: caller.isStaff ? mockDb.users.filter((user) => !user.isActive).length : null,
});

export const summaryHandlers: readonly HttpHandler[] = [
  http.get('*/api/summary', ({ request }) => HttpResponse.json(mockSummary(mockCaller(request)))),
];
