export { ListFilters } from './ui/ListFilters/ListFilters';
export type { FilterFieldSpec, ListFiltersProps } from './ui/ListFilters/ListFilters';
