import { sql } from 'kysely';
import { USER_LIST } from '@timberlog/contract';
import { defineSpec } from '../list/index.js';
import type { DB } from '../infra/db.js';
import { normaliseEmail } from './rules.js';

export const userSpec = defineSpec({
  list: USER_LIST,
  from: sql`users`,
  select: sql`email, name, is_active AS "isActive", is_staff AS "isStaff", date_joined AS "dateJoined", last_login AS "lastLogin", created_at AS "createdAt", last_modified_at AS "lastModifiedAt", email_verified_at IS NOT NULL AS "emailVerified", version`,
  columns: {
    email: 'email',
    name: 'name',
    isActive: 'is_active',
    isStaff: 'is_staff',
    dateJoined: 'date_joined',
    lastLogin: 'last_login',
    createdAt: 'created_at',
    lastModifiedAt: 'last_modified_at',
  },
  custom: {
    // Emails are stored normalised (lower case), so the filter value is normalised the same way and the primary key serves it.
    email: (v) => (v ? sql`email = ${normaliseEmail(String(v))}` : undefined),
  },
  tiebreak: 'email',
});

const USER_COLUMNS = ['email', 'name', 'isActive', 'isStaff', 'dateJoined', 'lastLogin', 'createdAt', 'lastModifiedAt', 'version'] as const;

/** One account as the API answers it (`emailVerified` instead of the time), or undefined. */
export async function readUser(db: DB, email: string) {
  const row = await db
    .selectFrom('users')
    .select([...USER_COLUMNS, 'emailVerifiedAt'])
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  if (!row) return undefined;
  const { emailVerifiedAt, ...rest } = row;
  return { ...rest, emailVerified: emailVerifiedAt !== null };
}
