export { UserEditForm } from './ui/UserEditForm/UserEditForm';
export type { UserEditFormProps } from './ui/UserEditForm/UserEditForm';
export { userEditBody, userEditSchema } from './model/schema';
export type { UserEditValues } from './model/schema';
