export { assortmentApi, useGetAssortmentQuery, useListAssortmentsQuery } from './api/assortmentApi';
export type { Assortment, AssortmentListParams, AssortmentPage } from './api/assortmentApi';
