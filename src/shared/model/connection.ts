import { createAction, createSlice } from '@reduxjs/toolkit';

/**
 * Whether the server can be reached, as the app last found out. Kept in shared: the base query
 * (shared/api) reports what its requests met, the app probes while the server is away, and any
 * screen may say so.
 */
export interface ConnectionState {
  /** False from a request that got no answer at all (or the browser going offline) until one that got any. */
  readonly reachable: boolean;
  /** The browser itself says it has no network (`navigator.onLine`); a probe is pointless until it has. */
  readonly browserOffline: boolean;
  /** When the server last answered (ms since the epoch); null before the first answer. */
  readonly lastContactAt: number | null;
  /** When the server was found again after being away; null until then, and while it is away. */
  readonly backAt: number | null;
}

export const initialConnectionState: ConnectionState = {
  reachable: true,
  browserOffline: false,
  lastContactAt: null,
  backAt: null,
};

/** The server answered a request (any HTTP status: an answer proves it is there). */
export const serverAnswered = createAction<{ readonly at: number }>('connection/serverAnswered');
/** A request got no answer: the network or the server is down (not an HTTP error). */
export const serverUnreachable = createAction('connection/serverUnreachable');
/** The browser's `online` / `offline` events. */
export const browserConnectivityChanged = createAction<{ readonly online: boolean }>('connection/browserConnectivityChanged');

/**
 * An answer is noted at most this often while the server is reachable: every request would
 * otherwise add an action, and the time of last contact is shown to the minute.
 */
export const CONTACT_NOTE_INTERVAL_MS = 15_000;

export const connectionSlice = createSlice({
  name: 'connection',
  initialState: initialConnectionState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(serverAnswered, (state, { payload }) => ({
        reachable: true,
        // A request got through, whatever the browser said.
        browserOffline: false,
        lastContactAt: payload.at,
        backAt: state.reachable ? state.backAt : payload.at,
      }))
      .addCase(serverUnreachable, (state) => ({ ...state, reachable: false, backAt: null }))
      .addCase(browserConnectivityChanged, (state, { payload }) =>
        payload.online
          ? // Online again says nothing about the server: it stays unreachable until it answers.
            { ...state, browserOffline: false }
          : { ...state, browserOffline: true, reachable: false, backAt: null },
      );
  },
  selectors: {
    selectConnection: (state) => state,
    selectIsReachable: (state) => state.reachable,
  },
});

export const { selectConnection, selectIsReachable } = connectionSlice.selectors;

/** Whether an answer at `at` is worth an action (see `CONTACT_NOTE_INTERVAL_MS`). */
export const shouldNoteAnswer = (state: ConnectionState, at: number): boolean =>
  !state.reachable || state.lastContactAt === null || at - state.lastContactAt >= CONTACT_NOTE_INTERVAL_MS;
