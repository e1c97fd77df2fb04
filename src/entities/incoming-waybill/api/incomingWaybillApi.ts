import { baseApi, pageTags, TAGS, type ListParams, type Schema } from '@/shared/api';

export type IncomingWaybill = Schema<'IncomingWaybill'>;
export type IncomingWaybillPage = Schema<'IncomingWaybillPage'>;
export type IncomingWaybillListParams = ListParams<'/api/evr/incoming'>;

/**
 * Incoming waybills: loads in EVR addressed to us that another company started, as EVR last
 * answered them (read-only). EVR's changes reach an open list or page through the live events
 * (entity `incoming_waybill`).
 */
export const incomingWaybillApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listIncomingWaybills: build.query<IncomingWaybillPage, IncomingWaybillListParams>({
      query: (params) => ({ url: '/api/evr/incoming', params }),
      providesTags: (page) => pageTags(TAGS.incomingWaybill, page, (waybill) => waybill.evrNumber),
    }),
    getIncomingWaybill: build.query<IncomingWaybill, string>({
      query: (number) => `/api/evr/incoming/${encodeURIComponent(number)}`,
      providesTags: (_waybill, _error, number) => [{ type: TAGS.incomingWaybill, id: number }],
    }),
  }),
});

export const { useListIncomingWaybillsQuery, useGetIncomingWaybillQuery } = incomingWaybillApi;
