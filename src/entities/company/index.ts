export { companyApi, useGetCompanyQuery, useListCompaniesQuery } from './api/companyApi';
export type { Company, CompanyListParams, CompanyPage } from './api/companyApi';
export { CompanyPicker, useCompanyNames } from './ui/CompanyPicker/CompanyPicker';
export type { CompanyPickerProps } from './ui/CompanyPicker/CompanyPicker';
