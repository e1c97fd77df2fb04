export {
  useActivateUserMutation,
  useCreateUserMutation,
  useDeleteUserMutation,
  useForgotPasswordMutation,
  useGetMeQuery,
  useGetUserQuery,
  useListUsersQuery,
  usePatchMeMutation,
  usePatchUserMutation,
  useResetPasswordMutation,
  useSignUpMutation,
  useUpdateMeMutation,
  useUpdateUserMutation,
  userApi,
} from './api/userApi';
export type {
  ForgotPassword,
  MePatch,
  MeUpdate,
  ResetPassword,
  SignUp,
  User,
  UserCreate,
  UserListParams,
  UserPage,
  UserPatch,
  UserUpdate,
} from './model/types';
export { useCurrentUser } from './model/useCurrentUser';
export { emailSchema, nameSchema, newPasswordSchema, passwordSchema } from './model/validation';
export type { NewPasswordValues } from './model/validation';
export { NewPasswordFields } from './ui/NewPasswordFields/NewPasswordFields';
export type { NewPasswordFieldsProps } from './ui/NewPasswordFields/NewPasswordFields';
