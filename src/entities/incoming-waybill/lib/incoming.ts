import type { TFunction } from 'i18next';

import type { Formatters } from '@/shared/lib/format';

import type { IncomingWaybill } from '../api/incomingWaybillApi';

/** Where an incoming waybill's page is. */
export const incomingPath = (evrNumber: string): string => `/waybills/incoming/${encodeURIComponent(evrNumber)}`;

/** EVR's unit code as we write a unit: `tm` (a solid cubic metre) is m³. */
export const evrUnit = (code: string | null): string => (code === 'tm' ? 'm³' : (code ?? ''));

/** The load in one unit when EVR's items are all in one of ours; else how many items it has. */
export const incomingLoad = (w: Pick<IncomingWaybill, 'quantity' | 'unit' | 'items'>, t: TFunction, format: Formatters): string =>
  w.quantity && w.unit ? format.quantity(w.quantity, w.unit) : t('incoming.itemCount', { count: w.items.length });
