export { makeStore } from './makeStore';
export type { AppStore, MakeStoreOptions, PreloadedState } from './makeStore';
export { createRootReducer, PERSIST_KEY, PERSISTED_KEYS } from './rootReducer';
export type { AppRootReducer, AppRootState } from './rootReducer';
export { shareSessionAcrossTabs, tokensOfStoredState } from './shareSession';
export { PROBE_DELAYS_MS } from './connectionListeners';
export type { ConnectionWatchOptions } from './connectionListeners';
