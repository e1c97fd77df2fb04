import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit';
import type { setupListeners } from '@reduxjs/toolkit/query';

/** What a store needs to host the RTK Query api once its code has loaded. */
export interface LoadedApi {
  readonly reducerPath: 'api';
  readonly reducer: Reducer;
  readonly middleware: Middleware;
  /** Clears every cached response, e.g. when the user signs out. */
  readonly resetAction: () => UnknownAction;
  /** Marks what depends on who is signed in (the current user) as stale, e.g. when the tokens change. */
  readonly invalidateSessionData: () => UnknownAction;
  /** Fetches again what is shown (the queries marked to refetch on reconnect): the server is back. */
  readonly reconnected: () => UnknownAction;
  /** Turns on refetch-on-focus/reconnect for one store's dispatch. */
  readonly setupListeners: typeof setupListeners;
}

type Listener = (api: LoadedApi) => void;

let loaded: LoadedApi | null = null;
const listeners = new Set<Listener>();

/**
 * The api (RTK Query) is not part of the first page's JavaScript: stores register here and
 * attach it when its module is first imported. Synchronous, so a component that imports an
 * endpoint's hook finds the api attached before it runs.
 */
export function onApiLoaded(listener: Listener): () => void {
  if (loaded) {
    listener(loaded);
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called once by the api's module when it is evaluated. */
export function announceApi(api: LoadedApi): void {
  loaded = api;
  for (const listener of listeners) listener(api);
  listeners.clear();
}
