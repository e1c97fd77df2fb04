import type { ExportFormat } from '@timberlog/contract';
import { lazy, Suspense, useState } from 'react';

import { apiCallError, type ApiCall } from '../../lib/form/useApiSubmit';
import { Button } from '../Button/Button';

import type { ExportFormatDialogProps } from './ExportFormatDialog';

const loadDialog = () => import('./ExportFormatDialog');
const ExportFormatDialog = lazy(() => loadDialog().then((module) => ({ default: module.ExportFormatDialog })));
const preloadDialog = () => void loadDialog();

export interface ExportReportButtonProps extends Pick<ExportFormatDialogProps, 'title' | 'describe' | 'count'> {
  /** The button's text ("Export report"). */
  readonly label: string;
  /** Asks for the report: an RTK Query mutation call (unwrapped here) or a promise. */
  readonly onStart: (format: ExportFormat) => ApiCall<unknown>;
}

/**
 * A list's "Export report" button and its format dialog. The dialog stays open while the report is
 * asked for and shows the server's refusal; each opening starts without the last one's error. The
 * dialog (Radix) loads when the button is pointed at or focused, and opens once it has: the list
 * itself does not wait for it.
 */
export function ExportReportButton({ label, onStart, ...dialog }: ExportReportButtonProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async (format: ExportFormat) => {
    setError(null);
    setBusy(true);
    const failure = await apiCallError(() => onStart(format));
    setBusy(false);
    if (failure === null) setOpen(false);
    else setError(failure);
  };

  return (
    <>
      <Button
        variant="secondary"
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => {
          setError(null);
          setWanted(true);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <ExportFormatDialog
            {...dialog}
            open={open}
            onOpenChange={setOpen}
            onStart={(format) => void start(format)}
            busy={busy}
            error={error}
          />
        </Suspense>
      ) : null}
    </>
  );
}
