import { Type, Str, StrEnum, Nullable, Timestamp, listQuery, page, RecordVersion } from '../http/schema.js';
import { LIMITS, LOCALES, THEMES, USER_LIST } from '@timberlog/contract';

export const User = Type.Object(
  {
    email: Type.String(),
    name: Type.String(),
    isActive: Type.Boolean(),
    isStaff: Type.Boolean(),
    // Optional in the document only (always sent), so clients typed before it still compile.
    emailVerified: Type.Optional(
      Type.Boolean({
        description:
          'Always present. Whether the address was confirmed by the mailed link (accounts made by staff count as confirmed). Staff can activate only a confirmed account.',
      }),
    ),
    dateJoined: Timestamp(),
    lastLogin: Nullable(Timestamp()),
    createdAt: Timestamp(),
    lastModifiedAt: Timestamp(),
    version: RecordVersion(),
  },
  { $id: 'User', title: 'User' },
);
export const UserPage = page(Type.Ref('User'), 'UserPage');

const Email = () => Type.String({ format: 'email', maxLength: LIMITS.emailMaxLength });
const Password = () => Type.String({ maxLength: LIMITS.passwordMaxLength });
const Name = () => Str(LIMITS.nameMaxLength);

export const UserCreate = Type.Object(
  { email: Email(), name: Name(), password: Password(), isActive: Type.Optional(Type.Boolean()), isStaff: Type.Optional(Type.Boolean()) },
  { title: 'UserCreate' },
);
export const UserUpdate = Type.Object(
  {
    name: Name(),
    isActive: Type.Boolean(),
    isStaff: Type.Boolean(),
    password: Type.Optional(Password()),
    email: Type.Optional(Type.String({ maxLength: LIMITS.emailMaxLength })),
  },
  { title: 'UserUpdate' },
);
export const UserPatch = Type.Partial(UserUpdate, { title: 'UserPatch' });
export const MeUpdate = Type.Object(
  {
    name: Name(),
    password: Type.Optional(Password()),
    currentPassword: Type.Optional(
      Type.String({ maxLength: LIMITS.passwordMaxLength, description: "The account's current password; required with `password`." }),
    ),
  },
  { title: 'MeUpdate' },
);
export const MePatch = Type.Partial(MeUpdate, { title: 'MePatch' });
/** The interface's language and theme as the account keeps them; null where the user chose none. */
export const Preferences = Type.Object(
  {
    locale: Nullable(StrEnum(LOCALES, { description: "The interface's language; null follows the browser's." })),
    theme: Nullable(StrEnum(THEMES, { description: 'The colour theme; null follows the device.' })),
  },
  { $id: 'Preferences', title: 'Preferences' },
);
export const PreferencesPatch = Type.Partial(
  Type.Object({ locale: Nullable(StrEnum(LOCALES)), theme: Nullable(StrEnum(THEMES)) }, { additionalProperties: false }),
  { title: 'PreferencesPatch' },
);
export const SignUp = Type.Object({ email: Email(), name: Name(), password: Password() }, { title: 'SignUp' });
export const ForgotPassword = Type.Object(
  { email: Type.String({ maxLength: LIMITS.emailMaxLength, minLength: 1 }) },
  { title: 'ForgotPassword' },
);
export const ResetPassword = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }), password: Password() },
  { title: 'ResetPassword' },
);
export const UserListQuery = listQuery(USER_LIST, 'UserListQuery');
export const EmailParams = Type.Object({
  email: Type.String({ maxLength: LIMITS.emailMaxLength, description: "The account's email address, in any case." }),
});
