import { baseApi, ME_ID, TAGS } from '@/shared/api';

import type { User } from '../model/types';

export const userApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<User, void>({
      query: () => '/api/user/me',
      providesTags: (user) => [
        { type: TAGS.user, id: ME_ID },
        ...(user ? [{ type: TAGS.user, id: user.email }] : []),
      ],
    }),
  }),
});

export const { useGetMeQuery } = userApi;
