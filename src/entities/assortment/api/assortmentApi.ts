import { baseApi, pageTags, TAGS, type ListParams, type Schema } from '@/shared/api';

export type Assortment = Schema<'Assortment'>;
export type AssortmentPage = Schema<'AssortmentPage'>;
export type AssortmentListParams = ListParams<'/api/assortments/'>;

export const assortmentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listAssortments: build.query<AssortmentPage, AssortmentListParams>({
      query: (params) => ({ url: '/api/assortments/', params }),
      providesTags: (page) => pageTags(TAGS.assortment, page, (assortment) => assortment.code),
    }),
    getAssortment: build.query<Assortment, string>({
      query: (code) => `/api/assortments/${encodeURIComponent(code)}/`,
      providesTags: (_assortment, _error, code) => [{ type: TAGS.assortment, id: code }],
    }),
  }),
});

export const { useListAssortmentsQuery, useGetAssortmentQuery } = assortmentApi;
