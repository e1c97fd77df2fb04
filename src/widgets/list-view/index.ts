export { ListView } from './ui/ListView/ListView';
export type { ListResult, ListViewProps } from './ui/ListView/ListView';
