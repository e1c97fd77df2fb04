import { EXPORT_FORMATS, type ExportFormat } from '@timberlog/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/shared/lib/format';

import { ConfirmDialog } from '../Dialog/Dialog';

import styles from './ExportFormatDialog.module.css';

export interface ExportFormatDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** Names the report ("Export waybill report"). */
  readonly title: string;
  /** Says what the report holds, given how many rows it has, already formatted for the locale. */
  readonly describe: (count: string) => string;
  /** How many rows the list's filters select; while unknown the dialog says nothing about them. */
  readonly count: number | undefined;
  /** Asks for the report in the chosen format; the caller closes the dialog once it is under way. */
  readonly onStart: (format: ExportFormat) => void;
  /** While the report is asked for: the buttons are disabled and the dialog stays open. */
  readonly busy?: boolean;
  /** Why the report was refused, shown in the dialog. */
  readonly error?: string | null;
}

/**
 * "Export report": xlsx or csv, and a button to start it; the export tracking does the rest. The
 * server writes a CSV in the form of the request's language (et: `;` and a decimal comma; en: `,`
 * and a decimal point), which the dialog says under the choices.
 */
export function ExportFormatDialog({ open, onOpenChange, title, describe, count, onStart, busy = false, error }: ExportFormatDialogProps) {
  const { t } = useTranslation();
  const formats = useFormat();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const dialectId = useId();

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={count === undefined ? undefined : describe(formats.number(count))}
      confirmLabel={t('ui.export.start')}
      onConfirm={() => onStart(format)}
      busy={busy}
      error={error}
    >
      <fieldset className={styles.formats}>
        <legend className={styles.legend}>{t('ui.export.format')}</legend>
        {EXPORT_FORMATS.map((option) => (
          <label key={option} className={styles.option}>
            <input
              type="radio"
              name="format"
              value={option}
              checked={format === option}
              onChange={() => setFormat(option)}
              aria-describedby={option === 'csv' ? dialectId : undefined}
            />
            {t(`ui.export.${option}`)}
          </label>
        ))}
        <p id={dialectId} className={styles.hint}>
          {t('ui.export.csvDialect')}
        </p>
      </fieldset>
    </ConfirmDialog>
  );
}
