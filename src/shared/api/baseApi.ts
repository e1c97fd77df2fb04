import { createApi } from '@reduxjs/toolkit/query/react';

import { baseQuery } from './baseQuery';
import { TAGS } from './tags';

/** The one RTK Query api; entities add their endpoints with `baseApi.injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: Object.values(TAGS),
  endpoints: () => ({}),
});
