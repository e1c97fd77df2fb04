export { companyApi, useGetCompanyQuery, useListCompaniesQuery } from './api/companyApi';
export type { Company, CompanyListParams, CompanyPage } from './api/companyApi';
