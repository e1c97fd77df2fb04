import { baseApi, ifMatch, LIST_ID, TAGS, type ListParams, type RequestBody, type Schema } from '@/shared/api';

export type SavedView = Schema<'SavedView'>;
export type SavedViewListName = SavedView['list'];
export type SavedViewCreate = RequestBody<'/api/saved-views/', 'post'>;
export type SavedViewPatch = RequestBody<'/api/saved-views/{id}/', 'patch'>;
export type SavedViewListParams = ListParams<'/api/saved-views/'>;

const path = (id: number) => `/api/saved-views/${id}/`;

/**
 * Saved views of the lists (the server's /api/saved-views/): the caller's own and every shared
 * one. A view's `query` is the list's URL query as the contract's codec writes it; `columns` are
 * ids of the contract's LIST_COLUMNS.
 */
export const savedViewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listSavedViews: build.query<SavedView[], SavedViewListParams | void>({
      query: (params) => ({ url: '/api/saved-views/', params: params ?? undefined }),
      providesTags: (views) => [
        { type: TAGS.savedView, id: LIST_ID },
        ...(views ?? []).map((view) => ({ type: TAGS.savedView, id: view.id })),
      ],
    }),
    getSavedView: build.query<SavedView, number>({
      query: path,
      providesTags: (_view, _error, id) => [{ type: TAGS.savedView, id }],
    }),
    createSavedView: build.mutation<SavedView, SavedViewCreate>({
      query: (body) => ({ url: '/api/saved-views/', method: 'POST', body }),
      // A new default unsets the owner's old one: the list is read again.
      invalidatesTags: [{ type: TAGS.savedView, id: LIST_ID }],
    }),
    /** Sends the version read as If-Match: a view changed meanwhile answers 412 with it as it is now. */
    patchSavedView: build.mutation<SavedView, { readonly id: number; readonly version: number; readonly body: SavedViewPatch }>({
      query: ({ id, version, body }) => ({ url: path(id), method: 'PATCH', body, headers: ifMatch(version) }),
      invalidatesTags: (_view, _error, { id }) => [
        { type: TAGS.savedView, id },
        { type: TAGS.savedView, id: LIST_ID },
      ],
    }),
    deleteSavedView: build.mutation<void, { readonly id: number; readonly version: number }>({
      query: ({ id, version }) => ({ url: path(id), method: 'DELETE', headers: ifMatch(version) }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: TAGS.savedView, id },
        { type: TAGS.savedView, id: LIST_ID },
      ],
    }),
  }),
});

export const {
  useListSavedViewsQuery,
  useGetSavedViewQuery,
  useCreateSavedViewMutation,
  usePatchSavedViewMutation,
  useDeleteSavedViewMutation,
} = savedViewApi;
