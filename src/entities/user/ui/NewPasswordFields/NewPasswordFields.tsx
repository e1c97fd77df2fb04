import { useTranslation } from 'react-i18next';

import { LIMITS } from '@timberlog/contract';
import { FormikTextField } from '@/shared/ui';

export interface NewPasswordFieldsProps {
  /**
   * The account's email when the form has no email field: a hidden username field lets
   * password managers file the new password under the right account.
   */
  readonly email?: string;
  /** False for a single password field (sign-up); true asks for it twice (`passwordConfirm`). */
  readonly repeat?: boolean;
  /** The first field's label; "New password" unless given. */
  readonly label?: string;
}

/**
 * The fields `password` and, by default, `passwordConfirm` of a Formik form whose schema is
 * `newPasswordSchema` (or `passwordSchema` without repeat): the server's rules as the hint.
 */
export function NewPasswordFields({ email, repeat = true, label }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      {email !== undefined ? <input type="hidden" name="username" autoComplete="username" value={email} /> : null}
      <FormikTextField
        label={label ?? t('auth.fields.newPassword')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={t('auth.passwordHint', { limit: LIMITS.passwordMinLength })}
      />
      {repeat ? (
        <FormikTextField
          label={t('auth.fields.passwordConfirm')}
          name="passwordConfirm"
          type="password"
          autoComplete="new-password"
          required
        />
      ) : null}
    </>
  );
}
