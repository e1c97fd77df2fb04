import { object, string } from 'yup';

import { emailSchema } from '@/entities/user';
import { LIMITS } from '@timberlog/contract';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The sign-in form's rules. Imported on demand (the form's first validation), so the page itself does not load yup. */
export const signInSchema = (t: Translate) =>
  object({
    email: emailSchema(t),
    password: string()
      .required(t('auth.validation.passwordRequired'))
      .max(LIMITS.passwordMaxLength, t('auth.validation.tooLong', { limit: LIMITS.passwordMaxLength })),
  });
