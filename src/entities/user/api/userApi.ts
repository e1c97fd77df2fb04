import { baseApi, ifMatch, keepCurrentOnConflict, LIST_ID, ME_ID, TAGS } from '@/shared/api';

import type {
  ForgotPassword,
  MePatch,
  MeUpdate,
  ResetPassword,
  SignUp,
  StatusOk,
  User,
  UserCreate,
  UserListParams,
  UserPage,
  UserPatch,
  UserUpdate,
} from '../model/types';

const userPath = (email: string) => `/api/user/${encodeURIComponent(email)}/`;

/** The user endpoints (product rules: The API's calls): accounts (staff), the own account, sign-up and password reset. */
// A write refused because someone changed the account (412) shows it as it is now.
const showCurrent = keepCurrentOnConflict<User>((user, dispatch) => {
  void dispatch(userApi.util.upsertQueryData('getUser', user.email, user));
});

export const userApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UserPage, UserListParams | void>({
      query: (params) => ({ url: '/api/user/', params: params ?? {} }),
      providesTags: (page) => [
        { type: TAGS.user, id: LIST_ID },
        ...(page?.results ?? []).map((user) => ({ type: TAGS.user, id: user.email })),
      ],
    }),
    getUser: build.query<User, string>({
      query: (email) => userPath(email),
      providesTags: (_user, _error, email) => [{ type: TAGS.user, id: email }],
    }),
    createUser: build.mutation<User, UserCreate>({
      query: (body) => ({ url: '/api/user/', method: 'POST', body }),
      invalidatesTags: [{ type: TAGS.user, id: LIST_ID }],
    }),
    updateUser: build.mutation<User, { readonly email: string; readonly version: number; readonly body: UserUpdate }>({
      query: ({ email, version, body }) => ({ url: userPath(email), method: 'PUT', body, headers: ifMatch(version) }),
      onQueryStarted: showCurrent,
      invalidatesTags: (_user, _error, { email }) => [
        { type: TAGS.user, id: email },
        { type: TAGS.user, id: LIST_ID },
      ],
    }),
    patchUser: build.mutation<User, { readonly email: string; readonly version: number; readonly body: UserPatch }>({
      query: ({ email, version, body }) => ({ url: userPath(email), method: 'PATCH', body, headers: ifMatch(version) }),
      onQueryStarted: showCurrent,
      invalidatesTags: (_user, _error, { email }) => [
        { type: TAGS.user, id: email },
        { type: TAGS.user, id: LIST_ID },
      ],
    }),
    /**
     * Activates an account (staff). The lists that show it are patched in place, not fetched again:
     * a sign-up activated from the "awaiting activation" view stays on screen, saying it is active.
     */
    activateUser: build.mutation<User, { readonly email: string; readonly version: number }>({
      query: ({ email, version }) => ({ url: userPath(email), method: 'PATCH', body: { isActive: true }, headers: ifMatch(version) }),
      // Nothing is invalidated: the lists provide the account's tag too, and fetching them again would
      // drop the row from the "awaiting activation" view under the user's eyes. The answer is written
      // into every cached copy instead.
      async onQueryStarted({ email }, api) {
        const { data: saved } = await api.queryFulfilled.catch(() => ({ data: null }));
        if (!saved) return;
        const { dispatch } = api;
        dispatch(userApi.util.updateQueryData('getUser', email, () => saved));
        for (const { endpointName, originalArgs } of userApi.util.selectInvalidatedBy(api.getState(), [{ type: TAGS.user, id: LIST_ID }])) {
          if (endpointName !== 'listUsers') continue;
          dispatch(
            userApi.util.updateQueryData('listUsers', originalArgs as UserListParams | void, (page) => ({
              ...page,
              results: page.results.map((user) => (user.email === email ? saved : user)),
            })),
          );
        }
      },
    }),
    deleteUser: build.mutation<void, { readonly email: string; readonly version: number }>({
      query: ({ email, version }) => ({ url: userPath(email), method: 'DELETE', headers: ifMatch(version) }),
      onQueryStarted: showCurrent,
      // Only the lists: the account's own page would be fetched again just to be told it is gone (404).
      invalidatesTags: [{ type: TAGS.user, id: LIST_ID }],
    }),
    getMe: build.query<User, void>({
      query: () => '/api/user/me',
      providesTags: (user) => [{ type: TAGS.user, id: ME_ID }, ...(user ? [{ type: TAGS.user, id: user.email }] : [])],
    }),
    /** The own account as read (`version`, sent as If-Match): a change made meanwhile, in another tab or by staff, answers 412. */
    updateMe: build.mutation<User, { version: number; body: MeUpdate }>({
      query: ({ version, body }) => ({ url: '/api/user/me', method: 'PUT', body, headers: ifMatch(version) }),
      invalidatesTags: (user) => [
        { type: TAGS.user, id: ME_ID },
        { type: TAGS.user, id: LIST_ID },
        ...(user ? [{ type: TAGS.user, id: user.email }] : []),
      ],
    }),
    patchMe: build.mutation<User, { version: number; body: MePatch }>({
      query: ({ version, body }) => ({ url: '/api/user/me', method: 'PATCH', body, headers: ifMatch(version) }),
      invalidatesTags: (user) => [
        { type: TAGS.user, id: ME_ID },
        { type: TAGS.user, id: LIST_ID },
        ...(user ? [{ type: TAGS.user, id: user.email }] : []),
      ],
    }),
    signUp: build.mutation<User, SignUp>({
      query: (body) => ({ url: '/api/user/signup', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<StatusOk, ForgotPassword>({
      query: (body) => ({ url: '/api/user/forgot_password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<StatusOk, ResetPassword>({
      query: (body) => ({ url: '/api/user/forgot_password/token', method: 'POST', body }),
    }),
  }),
});

export const {
  useListUsersQuery,
  useGetUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  usePatchUserMutation,
  useDeleteUserMutation,
  useActivateUserMutation,
  useGetMeQuery,
  useUpdateMeMutation,
  usePatchMeMutation,
  useSignUpMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = userApi;
