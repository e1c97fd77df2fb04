import { boolean, object } from 'yup';

import { emailSchema, nameSchema, passwordSchema, type UserCreate } from '@/entities/user';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface UserCreateValues {
  email: string;
  name: string;
  password: string;
  isActive: boolean;
  isStaff: boolean;
}

export const emptyUserCreate: UserCreateValues = { email: '', name: '', password: '', isActive: true, isStaff: false };

/** The server's rules for a new account: a valid email, a name, a password by the contract's rules. */
export const userCreateSchema = (t: Translate) =>
  object({ email: emailSchema(t), name: nameSchema(t), password: passwordSchema(t), isActive: boolean(), isStaff: boolean() });

export const userCreateBody = (values: UserCreateValues): UserCreate => ({
  email: values.email.trim(),
  name: values.name.trim(),
  password: values.password,
  isActive: values.isActive,
  isStaff: values.isStaff,
});
