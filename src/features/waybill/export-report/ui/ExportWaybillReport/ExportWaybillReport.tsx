import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { WaybillListParams } from '@/entities/waybill';
import { Button } from '@/shared/ui';

const loadDialog = () => import('./ExportReportDialog');
const ExportReportDialog = lazy(() => loadDialog().then((module) => ({ default: module.ExportReportDialog })));
const preloadDialog = () => void loadDialog();

export interface ExportWaybillReportProps {
  /** The list's current call: its filters, search and sort go to the report, its paging does not. */
  readonly params: WaybillListParams;
  /** How many waybills the filters select, to say so in the dialog. */
  readonly count: number | undefined;
}

/**
 * "Export report": a small dialog to pick xlsx or csv; the export tracking shows the progress and
 * downloads the file. The dialog (Radix) loads when the button is pointed at or focused, and
 * opens once it has: the list itself does not wait for it.
 */
export function ExportWaybillReport({ params, count }: ExportWaybillReportProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  return (
    <>
      <Button
        variant="secondary"
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {t('waybills.actions.export')}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <ExportReportDialog open={open} onOpenChange={setOpen} params={params} count={count} />
        </Suspense>
      ) : null}
    </>
  );
}
