export { columnLabelOf, defaultViewOf, layoutColumns, pickColumns, VIEW_PARAM, viewChanges, viewQueryOf, viewSearch } from './lib/views';
export { useListViews } from './model/useListViews';
export type { ListViews } from './model/useListViews';
export { ListViewsBar } from './ui/ListViewsBar/ListViewsBar';
export type { ListViewsBarProps } from './ui/ListViewsBar/ListViewsBar';
