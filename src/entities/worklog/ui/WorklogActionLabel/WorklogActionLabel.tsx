import { useTranslation } from 'react-i18next';

import type { WorklogAction } from '../../api/worklogApi';

/** A worklog's action in the user's language. */
export function WorklogActionLabel({ action }: { readonly action: WorklogAction }) {
  const { t } = useTranslation();
  return <>{t(`entities.worklog.action.${action}`)}</>;
}
