import { EXPORT_FORMATS, type ExportFormat } from '@timberlog/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCreateWorklogReportMutation, type WorklogListParams } from '@/entities/worklog';
import { extractApiError, isApiError } from '@/shared/api';
import { Button, Dialog } from '@/shared/ui';

import styles from './ExportReport.module.css';

export interface ExportWorklogReportProps {
  /** The list's current call: its filters, search and sort go to the report, its paging does not. */
  readonly params: WorklogListParams;
  /** How many worklogs the filters select, to say so in the dialog. */
  readonly count: number | undefined;
}

/** "Export report": a small dialog to pick xlsx or csv; the export tracking shows the progress and downloads the file. */
export function ExportWorklogReport({ params, count }: ExportWorklogReportProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [error, setError] = useState<string | null>(null);
  const [createReport, { isLoading }] = useCreateWorklogReportMutation();
  const { pageNumber: _pageNumber, pageSize: _pageSize, ...filters } = params;

  const start = async () => {
    setError(null);
    try {
      await createReport({ filters, format }).unwrap();
    } catch (failure) {
      setError((isApiError(failure) ? failure : extractApiError(failure)).message);
      return;
    }
    setOpen(false);
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        {t('worklogs.actions.export')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!isLoading) setOpen(next);
        }}
        title={t('worklogs.export.title')}
        description={
          count === undefined ? undefined : t('worklogs.export.text', { count: new Intl.NumberFormat(i18n.language).format(count) })
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={isLoading}>
              {t('worklogs.export.cancel')}
            </Button>
            <Button onClick={() => void start()} disabled={isLoading} aria-busy={isLoading || undefined}>
              {t('worklogs.export.start')}
            </Button>
          </>
        }
      >
        <fieldset className={styles.formats}>
          <legend className={styles.legend}>{t('worklogs.export.format')}</legend>
          {EXPORT_FORMATS.map((option) => (
            <label key={option} className={styles.option}>
              <input type="radio" name="format" value={option} checked={format === option} onChange={() => setFormat(option)} />
              {t(`worklogs.export.${option}`)}
            </label>
          ))}
        </fieldset>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
