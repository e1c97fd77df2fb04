export {
  savedViewApi,
  useCreateSavedViewMutation,
  useDeleteSavedViewMutation,
  useGetSavedViewQuery,
  useListSavedViewsQuery,
  usePatchSavedViewMutation,
} from './api/savedViewApi';
export type { SavedView, SavedViewCreate, SavedViewListName, SavedViewListParams, SavedViewPatch } from './api/savedViewApi';
