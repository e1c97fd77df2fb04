import { http, HttpResponse, type HttpHandler } from 'msw';
import { INCOMING_WAYBILL_LIST } from '@timberlog/contract';

import { historyResponse, listResponse, mockDb, notFound } from '@/shared/mock-db';

import type { IncomingWaybill } from '../incomingWaybillApi';

const find = (number: string) => mockDb.incomingWaybills.find((waybill) => waybill.evrNumber === number);

/** The fields the list searches and sorts by that the answer nests: the owner's name. */
const fieldOf = (row: object, name: string) => (name === 'ownerName' ? (row as IncomingWaybill).owner.name : undefined);

/** `/api/evr/incoming`: the list by the contract's INCOMING_WAYBILL_LIST, one by its EVR number, its history; as the server answers. */
export const incomingWaybillHandlers: readonly HttpHandler[] = [
  http.get('*/api/evr/incoming', ({ request }) => listResponse(request, INCOMING_WAYBILL_LIST, mockDb.incomingWaybills, { fieldOf })),
  http.get('*/api/evr/incoming/:number/history', ({ params, request }) =>
    historyResponse(request, 'incoming_waybill', String(params.number)),
  ),
  http.get('*/api/evr/incoming/:number', ({ params, request }) => {
    const waybill = find(String(params.number));
    return waybill ? HttpResponse.json(waybill, { headers: { ETag: `"${waybill.version}"` } }) : notFound(request);
  }),
];
