export { assortmentTypeApi, useGetAssortmentTypeQuery, useListAssortmentTypesQuery } from './api/assortmentTypeApi';
export type { AssortmentType, AssortmentTypeListParams, AssortmentTypePage } from './api/assortmentTypeApi';
