import { useTranslation } from 'react-i18next';

import { useCreateWorklogReportMutation, type WorklogListParams } from '@/entities/worklog';
import { ExportReportButton } from '@/shared/ui';

export interface ExportWorklogReportProps {
  /** The list's current call: its filters, search and sort go to the report, its paging does not. */
  readonly params: WorklogListParams;
  /** How many worklogs the filters select, to say so in the dialog. */
  readonly count: number | undefined;
}

/** "Export report" of the worklog list: xlsx or csv; the export tracking shows the progress and downloads the file. */
export function ExportWorklogReport({ params, count }: ExportWorklogReportProps) {
  const { t } = useTranslation();
  const [createReport] = useCreateWorklogReportMutation();
  const { pageNumber: _pageNumber, pageSize: _pageSize, ...filters } = params;

  return (
    <ExportReportButton
      label={t('worklogs.actions.export')}
      title={t('worklogs.export.title')}
      describe={(formatted) => t('worklogs.export.text', { count: formatted })}
      count={count}
      onStart={(format) => createReport({ filters, format })}
    />
  );
}
