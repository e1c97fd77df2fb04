import { EXPORT_FORMATS, type ExportFormat } from '@timberlog/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCreateWaybillReportMutation, type WaybillListParams } from '@/entities/waybill';
import { extractApiError, isApiError } from '@/shared/api';
import { Button, Dialog } from '@/shared/ui';

import styles from './ExportReport.module.css';

export interface ExportReportDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The list's current call: its filters, search and sort go to the report, its paging does not. */
  readonly params: WaybillListParams;
  /** How many waybills the filters select, to say so in the dialog. */
  readonly count: number | undefined;
}

/** The dialog to pick xlsx or csv and start the report; loaded with its button's first use (see ExportWaybillReport). */
export function ExportReportDialog({ open, onOpenChange, params, count }: ExportReportDialogProps) {
  const { t, i18n } = useTranslation();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [error, setError] = useState<string | null>(null);
  const [createReport, { isLoading }] = useCreateWaybillReportMutation();
  const { pageNumber: _pageNumber, pageSize: _pageSize, ...filters } = params;

  // A new opening starts without the previous attempt's error.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setError(null);
  }

  const start = async () => {
    setError(null);
    try {
      await createReport({ filters, format }).unwrap();
    } catch (failure) {
      setError((isApiError(failure) ? failure : extractApiError(failure)).message);
      return;
    }
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!isLoading) onOpenChange(next);
      }}
      title={t('waybills.export.title')}
      description={count === undefined ? undefined : t('waybills.export.text', { count: new Intl.NumberFormat(i18n.language).format(count) })}
      actions={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isLoading}>
            {t('waybills.export.cancel')}
          </Button>
          <Button onClick={() => void start()} disabled={isLoading} aria-busy={isLoading || undefined}>
            {t('waybills.export.start')}
          </Button>
        </>
      }
    >
      <fieldset className={styles.formats}>
        <legend className={styles.legend}>{t('waybills.export.format')}</legend>
        {EXPORT_FORMATS.map((option) => (
          <label key={option} className={styles.option}>
            <input type="radio" name="format" value={option} checked={format === option} onChange={() => setFormat(option)} />
            {t(`waybills.export.${option}`)}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
