import { baseApi, type RequestBody, type Schema } from '@/shared/api';
import { sessionTokensReceived } from '@/shared/model';

export type TokenPair = Schema<'TokenPair'>;
export type Session = Schema<'Session'>;
export type SignInCredentials = RequestBody<'/api/auth/token/', 'post'>;

/** The token endpoints (product rules: The API's calls). A received token pair becomes the session. */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Signs in: email and password for a token pair. */
    obtainToken: build.mutation<TokenPair, SignInCredentials>({
      query: (body) => ({ url: '/api/auth/token/', method: 'POST', body }),
      async onQueryStarted(_credentials, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(sessionTokensReceived({ accessToken: data.access, refreshToken: data.refresh }));
      },
    }),
    refreshToken: build.mutation<TokenPair, RequestBody<'/api/auth/token/refresh/', 'post'>>({
      query: (body) => ({ url: '/api/auth/token/refresh/', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(sessionTokensReceived({ accessToken: data.access, refreshToken: data.refresh }));
      },
    }),
    /** Ends this session on the server: the refresh token is revoked (other sessions live on). */
    signOut: build.mutation<Schema<'StatusOk'>, RequestBody<'/api/auth/logout', 'post'>>({
      query: (body) => ({ url: '/api/auth/logout', method: 'POST', body }),
    }),
    verifyToken: build.mutation<Record<string, never>, RequestBody<'/api/auth/token/verify/', 'post'>>({
      query: (body) => ({ url: '/api/auth/token/verify/', method: 'POST', body }),
    }),
    /** A new session for a refresh token; the base query uses the same endpoint for silent refreshes. */
    refreshSession: build.mutation<Session, RequestBody<'/api/auth/session', 'post'>>({
      query: (body) => ({ url: '/api/auth/session', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(sessionTokensReceived({ accessToken: data.accessToken, refreshToken: data.refreshToken }));
      },
    }),
  }),
});

export const { useObtainTokenMutation, useRefreshTokenMutation, useVerifyTokenMutation, useRefreshSessionMutation, useSignOutMutation } =
  authApi;
