import { useTranslation } from 'react-i18next';

import type { WorklogAction } from '../../api/worklogApi';

export const WORKLOG_ACTIONS: readonly WorklogAction[] = ['arrival', 'loading', 'unloading', 'measuring', 'sorting', 'departure'];

/** A worklog's action in the user's language. */
export function WorklogActionLabel({ action }: { readonly action: WorklogAction }) {
  const { t } = useTranslation();
  return <>{t(`entities.worklog.action.${action}`)}</>;
}
