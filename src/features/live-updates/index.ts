export { useChangedSince, useLastChangedBy } from './model/liveState';
export { EVENTS_PATH, startLiveUpdates } from './model/stream';
export type { LiveStore, LiveUpdatesOptions } from './model/stream';
export { ListChangesNotice } from './ui/ListChangesNotice/ListChangesNotice';
export type { ListChangesNoticeProps } from './ui/ListChangesNotice/ListChangesNotice';
