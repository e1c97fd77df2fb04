export { UserCreateForm } from './ui/UserCreateForm/UserCreateForm';
export type { UserCreateFormProps } from './ui/UserCreateForm/UserCreateForm';
export { emptyUserCreate, userCreateBody, userCreateSchema } from './model/schema';
export type { UserCreateValues } from './model/schema';
