export { ListPageHeader } from './ui/ListPageHeader/ListPageHeader';
export type { ListPageHeaderProps } from './ui/ListPageHeader/ListPageHeader';
export { ListView } from './ui/ListView/ListView';
export type { ListResult, ListViewProps } from './ui/ListView/ListView';
export { ListStaleNotice, staleSince } from './ui/ListStaleNotice/ListStaleNotice';
export type { ListStaleNoticeProps, RefreshResult } from './ui/ListStaleNotice/ListStaleNotice';
