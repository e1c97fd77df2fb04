import type { ListParams, RequestBody, Schema } from '@/shared/api';

/** A user account as the API returns it (generated from the server's OpenAPI document). */
export type User = Schema<'User'>;
export type UserPage = Schema<'UserPage'>;
export type UserListParams = ListParams<'/api/user/'>;
export type UserCreate = RequestBody<'/api/user/', 'post'>;
export type UserUpdate = RequestBody<'/api/user/{email}/', 'put'>;
export type UserPatch = RequestBody<'/api/user/{email}/', 'patch'>;
export type MeUpdate = RequestBody<'/api/user/me', 'put'>;
export type MePatch = RequestBody<'/api/user/me', 'patch'>;
export type SignUp = RequestBody<'/api/user/signup', 'post'>;
export type ForgotPassword = RequestBody<'/api/user/forgot_password', 'post'>;
export type ResetPassword = RequestBody<'/api/user/forgot_password/token', 'post'>;
export type StatusOk = Schema<'StatusOk'>;
