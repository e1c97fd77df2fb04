import { useTranslation } from 'react-i18next';

import { useCreateWaybillReportMutation, type WaybillListParams } from '@/entities/waybill';
import { ExportReportButton } from '@/shared/ui';

export interface ExportWaybillReportProps {
  /** The list's current call: its filters, search and sort go to the report, its paging does not. */
  readonly params: WaybillListParams;
  /** How many waybills the filters select, to say so in the dialog. */
  readonly count: number | undefined;
}

/** "Export report" of the waybill list: xlsx or csv; the export tracking shows the progress and downloads the file. */
export function ExportWaybillReport({ params, count }: ExportWaybillReportProps) {
  const { t } = useTranslation();
  const [createReport] = useCreateWaybillReportMutation();
  const { pageNumber: _pageNumber, pageSize: _pageSize, ...filters } = params;

  return (
    <ExportReportButton
      label={t('waybills.actions.export')}
      title={t('waybills.export.title')}
      describe={(formatted) => t('waybills.export.text', { count: formatted })}
      count={count}
      onStart={(format) => createReport({ filters, format })}
    />
  );
}
