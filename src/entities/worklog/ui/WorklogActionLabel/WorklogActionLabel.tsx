import { useValueLabels } from '@/shared/i18n';

import type { WorklogAction } from '../../api/worklogApi';

/** A worklog's action in the user's language. */
export function WorklogActionLabel({ action }: { readonly action: WorklogAction }) {
  const valueLabels = useValueLabels();
  return <>{valueLabels.worklogAction(action)}</>;
}
