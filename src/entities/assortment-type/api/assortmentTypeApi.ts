import { baseApi, pageTags, TAGS, type ListParams, type Schema } from '@/shared/api';

export type AssortmentType = Schema<'AssortmentType'>;
export type AssortmentTypePage = Schema<'AssortmentTypePage'>;
export type AssortmentTypeListParams = ListParams<'/api/assortment-types/'>;

export const assortmentTypeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listAssortmentTypes: build.query<AssortmentTypePage, AssortmentTypeListParams>({
      query: (params) => ({ url: '/api/assortment-types/', params }),
      providesTags: (page) => pageTags(TAGS.assortmentType, page, (type) => type.id),
    }),
    getAssortmentType: build.query<AssortmentType, number>({
      query: (id) => `/api/assortment-types/${id}/`,
      providesTags: (_type, _error, id) => [{ type: TAGS.assortmentType, id }],
    }),
  }),
});

export const { useListAssortmentTypesQuery, useGetAssortmentTypeQuery } = assortmentTypeApi;
