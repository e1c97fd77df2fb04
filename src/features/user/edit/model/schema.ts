import { boolean, object } from 'yup';

import { nameSchema } from '@/entities/user';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface UserEditValues {
  name: string;
  isActive: boolean;
  isStaff: boolean;
}

/** The server's rules for a staff edit of an account: a name within its length; the flags are plain booleans. */
export const userEditSchema = (t: Translate) => object({ name: nameSchema(t), isActive: boolean(), isStaff: boolean() });

/**
 * The body of the PATCH: one's own active and staff flags are left out, as the server refuses to
 * change them (sending them unchanged is allowed, but leaving them out keeps the intent plain).
 */
export const userEditBody = (values: UserEditValues, isSelf: boolean) =>
  isSelf ? { name: values.name.trim() } : { name: values.name.trim(), isActive: values.isActive, isStaff: values.isStaff };
