import { baseApi, pageTags, TAGS, type ListParams, type Schema } from '@/shared/api';

export type Company = Schema<'Company'>;
export type CompanyPage = Schema<'CompanyPage'>;
export type CompanyListParams = ListParams<'/api/companies/'>;

export const companyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listCompanies: build.query<CompanyPage, CompanyListParams>({
      query: (params) => ({ url: '/api/companies/', params }),
      providesTags: (page) => pageTags(TAGS.company, page, (company) => company.registryCode),
    }),
    getCompany: build.query<Company, string>({
      query: (registryCode) => `/api/companies/${encodeURIComponent(registryCode)}/`,
      providesTags: (_company, _error, registryCode) => [{ type: TAGS.company, id: registryCode }],
    }),
  }),
});

export const { useListCompaniesQuery, useGetCompanyQuery } = companyApi;
