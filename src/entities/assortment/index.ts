export { assortmentApi, useGetAssortmentQuery, useListAssortmentsQuery } from './api/assortmentApi';
export type { Assortment, AssortmentListParams, AssortmentPage } from './api/assortmentApi';
export { AssortmentPicker } from './ui/AssortmentPicker/AssortmentPicker';
export type { AssortmentPickerProps } from './ui/AssortmentPicker/AssortmentPicker';
export { useAssortmentUnits } from './model/useAssortmentUnits';
