export { baseApi } from './baseApi';
export { baseQuery, serializeParams } from './baseQuery';
export { sessionExpired, sessionTokensReceived } from './sessionActions';
export type { SessionTokens } from './sessionActions';
export { LIST_ID, ME_ID, TAGS } from './tags';
export type { TagType } from './tags';
