import { evrUnitSymbol } from '@timberlog/contract';
import type { TFunction } from 'i18next';

import type { Formatters } from '@/shared/lib/format';

import type { IncomingWaybill } from '../api/incomingWaybillApi';

/** Where an incoming waybill's page is. */
export const incomingPath = (evrNumber: string): string => `/waybills/incoming/${encodeURIComponent(evrNumber)}`;

/** One of EVR's items as an amount and unit: in m³ and t to three decimals, as our quantities are; other units as EVR sends them. */
export const incomingItemAmount = (item: Pick<IncomingWaybill['items'][number], 'amount' | 'unitCode'>, format: Formatters): string => {
  const ours = item.unitCode === 'tm' || item.unitCode === 't';
  const amount = format.number(ours ? item.amount.toFixed(3) : item.amount);
  return item.unitCode ? `${amount}\u00a0${evrUnitSymbol(item.unitCode)}` : amount;
};

/** The load in one unit when EVR's items are all in one of ours; else how many items it has. */
export const incomingLoad = (w: Pick<IncomingWaybill, 'quantity' | 'unit' | 'items'>, t: TFunction, format: Formatters): string =>
  w.quantity && w.unit ? format.quantity(w.quantity, w.unit) : t('incoming.itemCount', { count: w.items.length });
