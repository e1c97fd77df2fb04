export { assortmentTypeApi, useGetAssortmentTypeQuery, useListAssortmentTypesQuery } from './api/assortmentTypeApi';
export type { AssortmentType, AssortmentTypeListParams, AssortmentTypePage } from './api/assortmentTypeApi';
export { AssortmentTypePicker } from './ui/AssortmentTypePicker/AssortmentTypePicker';
export type { AssortmentTypePickerProps } from './ui/AssortmentTypePicker/AssortmentTypePicker';
