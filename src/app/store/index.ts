export { makeStore } from './makeStore';
export type { AppStore, MakeStoreOptions, PreloadedState } from './makeStore';
export { PERSIST_KEY, PERSISTED_KEYS, rootReducer } from './rootReducer';
export type { AppRootState } from './rootReducer';
