import { EXPORT_FORMATS, type ExportFormat } from '@timberlog/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { BatchJob, BulkAction, BulkResult, BulkRow } from '@/entities/waybill';
import { useFormat } from '@/shared/lib/format';
import { Button, ProgressBar, ResultTable, TextField, type ResultTableColumn } from '@/shared/ui';

import { rowsToReview } from '../../model/summary';
import { takesReason } from '../../model/target';
import type { BulkPhase } from '../../model/useBulkRun';

import styles from './BulkActionView.module.css';

/** The most rows the dialog lists (the counts stay exact). */
export const ROWS_LISTED = 100;

export interface BulkActionViewProps {
  readonly action: BulkAction;
  /** How many waybills were chosen. */
  readonly size: number;
  readonly phase: BulkPhase;
  readonly reason: string;
  readonly onReasonChange: (reason: string) => void;
  readonly format: ExportFormat;
  readonly onFormatChange: (format: ExportFormat) => void;
  /** Staff may return delivered waybills to confirmed (with a reason). */
  readonly isStaff: boolean;
  readonly onRun: (preview: BulkResult) => void;
  readonly onRetry: () => void;
  readonly onClose: () => void;
}

function Progress({ job, label }: { readonly job: BatchJob | undefined; readonly label: string }) {
  const { t } = useTranslation();
  const percent = job?.progress ?? 0;
  return (
    <div className={styles.progress}>
      <p className={styles.status} role="status">
        {label}
        {job ? ` ${t('waybills.bulk.percent', { percent })}` : ''}
      </p>
      <ProgressBar label={t('waybills.bulk.progress')} percent={job ? percent : undefined} />
    </div>
  );
}

/** The rows not done: the waybill and why (a stale one: who changed it and when), the first ROWS_LISTED of them. */
function RowsTable({ rows, caption }: { readonly rows: readonly BulkRow[]; readonly caption: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (rows.length === 0) return null;
  const columns: readonly ResultTableColumn<BulkRow>[] = [
    { id: 'number', header: t('waybills.bulk.column.number'), cell: (row) => row.number, rowHeader: true, tabular: true },
    { id: 'why', header: t('waybills.bulk.column.why'), cell: (row) => row.message || t(`waybills.bulk.outcome.${row.outcome}`) },
  ];
  return (
    <ResultTable
      caption={caption}
      columns={columns}
      rows={rows}
      getRowKey={(row) => row.number}
      limit={ROWS_LISTED}
      moreText={(hidden) => t('waybills.bulk.moreRows', { formatted: format.number(hidden) })}
    />
  );
}

/** What the action would do or did: how many changed, how many were already so, and the rows refused. */
function Counts({ action, result }: { readonly action: BulkAction; readonly result: BulkResult }) {
  const { t } = useTranslation();
  const format = useFormat();
  const notDone = result.refused + result.missing;
  const stale = result.stale;
  const key = result.dryRun ? 'will' : 'did';
  return (
    <ul className={styles.counts}>
      <li className={styles.done}>{t(`waybills.bulk.${key}.${action}`, { count: result.done, formatted: format.number(result.done) })}</li>
      {result.unchanged > 0 ? (
        <li>{t('waybills.bulk.unchanged', { count: result.unchanged, formatted: format.number(result.unchanged) })}</li>
      ) : null}
      {notDone > 0 ? (
        <li className={styles.refused}>
          {t(`waybills.bulk.${result.dryRun ? 'cannot' : 'notDone'}`, { count: notDone, formatted: format.number(notDone) })}
        </li>
      ) : null}
      {stale > 0 ? <li className={styles.refused}>{t('waybills.bulk.stale', { count: stale, formatted: format.number(stale) })}</li> : null}
    </ul>
  );
}

/**
 * A bulk action's dialog body and buttons by its phase: the dry run's progress, its preview (what
 * will change, what cannot and why, a reason, the file format of an export), the real run's
 * progress, its per-row results, or the failure with a way to try again.
 */
export function BulkActionView({
  action,
  size,
  phase,
  reason,
  onReasonChange,
  format,
  onFormatChange,
  isStaff,
  onRun,
  onRetry,
  onClose,
}: BulkActionViewProps) {
  const { t } = useTranslation();
  const formats = useFormat();
  const formatsId = useId();
  const sized = { count: size, formatted: formats.number(size) };

  if (phase.name === 'checking' || phase.name === 'running') {
    return (
      <div className={styles.view}>
        <Progress
          job={phase.job}
          label={phase.name === 'checking' ? t('waybills.bulk.checking', sized) : t(`waybills.bulk.running.${action}`, sized)}
        />
        {phase.name === 'running' ? <p className={styles.hint}>{t('waybills.bulk.runningHint')}</p> : null}
      </div>
    );
  }

  if (phase.name === 'failed') {
    return (
      <div className={styles.view}>
        <p className={styles.error} role="alert">
          {t('waybills.bulk.failed', { message: phase.message || t('errors.unexpectedError') })}
        </p>
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={onClose}>
            {t('ui.dialog.cancel')}
          </Button>
          <Button onClick={onRetry}>{t('waybills.bulk.retry')}</Button>
        </div>
      </div>
    );
  }

  if (phase.name === 'results') {
    const { result } = phase;
    return (
      <div className={styles.view}>
        <div role="status">
          <Counts action={action} result={result} />
        </div>
        {action === 'export' && result.exportRequest ? <p className={styles.hint}>{t('waybills.bulk.exportStarted')}</p> : null}
        <RowsTable rows={rowsToReview(result)} caption={t('waybills.bulk.notDoneCaption')} />
        <div className={styles.buttons}>
          <Button onClick={onClose}>{t('waybills.bulk.done')}</Button>
        </div>
      </div>
    );
  }

  const { preview } = phase;
  const reasonHint = action === 'confirm' && isStaff ? t('waybills.bulk.reasonCorrectionHint') : t('waybills.bulk.reasonHint');
  return (
    <div className={styles.view}>
      <Counts action={action} result={preview} />
      <RowsTable rows={rowsToReview(preview)} caption={t('waybills.bulk.cannotCaption')} />
      {takesReason(action) ? (
        <TextField
          label={t('waybills.bulk.reason')}
          name="reason"
          value={reason}
          onChange={(event) => onReasonChange(event.target.value)}
          hint={reasonHint}
          autoComplete="off"
        />
      ) : null}
      {action === 'export' ? (
        <fieldset className={styles.formats} aria-describedby={formatsId}>
          <legend className={styles.legend}>{t('ui.export.format')}</legend>
          {EXPORT_FORMATS.map((option) => (
            <label key={option} className={styles.option}>
              <input type="radio" name="bulk-format" value={option} checked={format === option} onChange={() => onFormatChange(option)} />
              {t(`ui.export.${option}`)}
            </label>
          ))}
          <p id={formatsId} className={styles.hint}>
            {t('ui.export.csvDialect')}
          </p>
        </fieldset>
      ) : null}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onClose}>
          {t('ui.dialog.cancel')}
        </Button>
        <Button variant={action === 'delete' ? 'danger' : 'primary'} onClick={() => onRun(preview)} disabled={preview.done === 0}>
          {t(`waybills.bulk.run.${action}`, { count: preview.done, formatted: formats.number(preview.done) })}
        </Button>
      </div>
    </div>
  );
}
