export { applyApiErrorToForm, extractApiError, isApiError, MAX_STRING_ERROR_LENGTH, toastForApiError } from './apiError';
export type { ApiError, FormErrorTarget, FormStatus } from './apiError';
export { baseApi } from './baseApi';
export { baseQuery, serializeParams } from './baseQuery';
export { LIST_ID, ME_ID, TAGS } from './tags';
export type { TagType } from './tags';
export type { components, operations, paths } from './generated/openapi';
export type { ListParams, OperationQuery, RequestBody, Schema } from './schema';
export { pageTags } from './cacheTags';
