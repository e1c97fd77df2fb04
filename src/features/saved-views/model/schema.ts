import { SAVED_VIEW } from '@timberlog/contract';
import { boolean, object, string } from 'yup';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface SaveViewValues {
  name: string;
  shared: boolean;
  isDefault: boolean;
}

/** A view's name by the contract's limit; the server's own checks (a name taken) come back on the field. */
export const saveViewSchema = (t: Translate) =>
  object({
    name: string()
      .trim()
      .required(t('savedViews.validation.nameRequired'))
      .max(SAVED_VIEW.nameMaxLength, t('savedViews.validation.nameTooLong', { limit: SAVED_VIEW.nameMaxLength })),
    shared: boolean(),
    isDefault: boolean(),
  });
