import { http, HttpResponse, type HttpHandler } from 'msw';

import { PROBE_PATH } from '@/shared/lib';
import { versionRequiredHandlers } from '@/shared/mock-db';

import { documentHandlers } from '@/features/document-actions/index.mocks';
import { eventHandlers } from '@/features/live-updates/index.mocks';
import { accountPreferenceHandlers } from '@/entities/account-preferences/index.mocks';
import { authHandlers } from '@/entities/auth/index.mocks';
import { assortmentTypeHandlers } from '@/entities/assortment-type/index.mocks';
import { assortmentHandlers } from '@/entities/assortment/index.mocks';
import { companyHandlers } from '@/entities/company/index.mocks';
import { exportRequestHandlers } from '@/entities/export-request/index.mocks';
import { incomingWaybillHandlers } from '@/entities/incoming-waybill/index.mocks';
import { invoiceHandlers } from '@/entities/invoice/index.mocks';
import { settingsHandlers } from '@/entities/settings/index.mocks';
import { summaryHandlers } from '@/entities/summary/index.mocks';
import { userHandlers } from '@/entities/user/index.mocks';
import { warehouseHandlers } from '@/entities/warehouse/index.mocks';
import { waybillHandlers, waybillVolumeHandlers } from '@/entities/waybill/index.mocks';
import { workerHandlers } from '@/entities/worker/index.mocks';
import { worklogHandlers } from '@/entities/worklog/index.mocks';
import { savedViewHandlers } from '@/entities/saved-view/index.mocks';
import { totalsHandlers } from '@/entities/list-totals/index.mocks';

/** Every endpoint's mock, grouped by entity so a story can replace one group by its key. */
export const handlersByEntity: Readonly<Record<string, HttpHandler[]>> = {
  // First: a write without the record's version is refused before any entity's handler looks at it.
  versions: [...versionRequiredHandlers],
  // The app's probe while the server is away (shared/lib/probe.ts); a story answers it with HttpResponse.error().
  connection: [http.head(`*${PROBE_PATH}`, () => new HttpResponse(null, { status: 200 }))],
  // Then: /api/waybills/totals/ and the like are no record's number.
  totals: [...totalsHandlers],
  auth: [...authHandlers],
  // Before the user's: /api/user/me/preferences is no account's address.
  accountPreferences: [...accountPreferenceHandlers],
  user: [...userHandlers],
  // The volume handlers first: their paths (/api/waybills/bulk/ …) would otherwise match a waybill's number.
  waybill: [...waybillVolumeHandlers, ...waybillHandlers],
  worklog: [...worklogHandlers],
  invoice: [...invoiceHandlers],
  document: [...documentHandlers],
  events: [...eventHandlers],
  exportRequest: [...exportRequestHandlers],
  summary: [...summaryHandlers],
  settings: [...settingsHandlers],
  incomingWaybill: [...incomingWaybillHandlers],
  company: [...companyHandlers],
  warehouse: [...warehouseHandlers],
  assortment: [...assortmentHandlers],
  assortmentType: [...assortmentTypeHandlers],
  worker: [...workerHandlers],
  savedView: [...savedViewHandlers],
};

export const handlers: HttpHandler[] = Object.values(handlersByEntity).flat();
