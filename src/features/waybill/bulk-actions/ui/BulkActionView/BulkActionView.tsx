import { EXPORT_FORMATS, isBulkActionFinal, type ExportFormat } from '@timberlog/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import {
  WaybillStatusBadge,
  type BatchJob,
  type BulkAction,
  type BulkResult,
  type BulkRow,
  type WaybillListItem,
} from '@/entities/waybill';
import { useValueLabels } from '@/shared/i18n';
import { useFormat } from '@/shared/lib/format';
import { Button, ProgressBar, ResultTable, TextField, type ResultTableColumn } from '@/shared/ui';

import { rowsToReview } from '../../model/summary';
import { takesReason } from '../../model/target';
import { changedRows, needingReason, undoBy, type UndoBy } from '../../model/undo';
import type { BulkPhase } from '../../model/useBulkRun';

import styles from './BulkActionView.module.css';

/** The most rows the dialog lists (the counts stay exact). */
export const ROWS_LISTED = 100;

const NO_WAYBILLS: ReadonlyMap<string, WaybillListItem> = new Map();

export interface BulkActionViewProps {
  readonly action: BulkAction;
  /** How many waybills were chosen. */
  readonly size: number;
  readonly phase: BulkPhase;
  readonly reason: string;
  readonly onReasonChange: (reason: string) => void;
  readonly format: ExportFormat;
  readonly onFormatChange: (format: ExportFormat) => void;
  /** Staff may make the corrections (moves back, with a reason), and so undo what they take back. */
  readonly isStaff: boolean;
  /** The listed waybills as the list shows them, by number, to recognise each; a number alone until read. */
  readonly listed?: ReadonlyMap<string, WaybillListItem>;
  readonly onRun: (preview: BulkResult) => void;
  readonly onRetry: () => void;
  readonly onClose: () => void;
  /** Given when the results can be taken back by this user: "Undo this action". */
  readonly onUndo?: () => void;
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

/**
 * The rows the action changes (or changed), each recognisable: its number with its status before
 * and after, and its trip as the list shows it (date, vehicle and driver; from where to where, how
 * much of what), the first ROWS_LISTED of them.
 */
function ChangesTable({
  rows,
  caption,
  listed,
  reasonGiven = false,
}: {
  readonly rows: readonly BulkRow[];
  readonly caption: string;
  readonly listed: ReadonlyMap<string, WaybillListItem>;
  /** A reason is given: no row needs one any more. */
  readonly reasonGiven?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const valueLabels = useValueLabels();
  if (rows.length === 0) return null;
  const trip = (row: BulkRow) => {
    const waybill = listed.get(row.number);
    if (!waybill) return '…';
    return (
      <span className={styles.trip}>
        <span>{[format.date(waybill.transportDate), waybill.vehicleNumber, waybill.driverName].join(' · ')}</span>
        <span>
          {`${waybill.originName || waybill.origin} → ${waybill.destinationName || waybill.destination} · `}
          {`${format.quantity(waybill.quantity, waybill.unit)} ${waybill.assortmentName || waybill.assortment}`}
        </span>
      </span>
    );
  };
  const status = (row: BulkRow) => (
    <span className={styles.change}>
      {/* Badges and an arrow to see; the words to hear. */}
      <span className={styles.visuallyHidden}>
        {t('waybills.bulk.statusChange', {
          from: row.from ? valueLabels.waybillStatus(row.from) : '',
          to: row.to ? valueLabels.waybillStatus(row.to) : t('waybills.bulk.removed'),
        })}
      </span>
      <span className={styles.badges} aria-hidden="true">
        {row.from ? <WaybillStatusBadge status={row.from} /> : null}
        <span>→</span>
        {row.to ? <WaybillStatusBadge status={row.to} /> : <span className={styles.removed}>{t('waybills.bulk.removed')}</span>}
      </span>
      {row.needsReason && !reasonGiven ? <span className={styles.needsReason}>{t('waybills.bulk.needsReason')}</span> : null}
    </span>
  );
  // The status change under the number, so the trip has the rest of the width (a phone's too).
  const columns: readonly ResultTableColumn<BulkRow>[] = [
    {
      id: 'number',
      header: t('waybills.bulk.column.number'),
      cell: (row) => (
        <>
          {row.number}
          {status(row)}
        </>
      ),
      rowHeader: true,
      tabular: true,
    },
    { id: 'trip', header: t('waybills.bulk.column.trip'), cell: trip },
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

/** What the action would do or did: how many changed, how many were already so, need a reason (until one is given), or were refused. */
function Counts({
  action,
  result,
  reasonGiven = false,
}: {
  readonly action: BulkAction;
  readonly result: BulkResult;
  readonly reasonGiven?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const notDone = result.refused + result.missing;
  const stale = result.stale;
  const needing = reasonGiven ? 0 : needingReason(result);
  const key = result.dryRun ? 'will' : 'did';
  return (
    <ul className={styles.counts}>
      <li className={styles.done}>{t(`waybills.bulk.${key}.${action}`, { count: result.done, formatted: format.number(result.done) })}</li>
      {needing > 0 ? <li>{t('waybills.bulk.needReason', { count: needing, formatted: format.number(needing) })}</li> : null}
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
 * Whether what the action changes can be taken back, said before it runs: plainly, in red, when it
 * cannot (a deletion, a cancel); else who can undo it from the results, and what stops that.
 */
function UndoNote({ action, by, isStaff }: { readonly action: BulkAction; readonly by: UndoBy | null; readonly isStaff: boolean }) {
  const { t } = useTranslation();
  if (by === null) return null;
  if (by === 'nobody') return <p className={styles.final}>{t([`waybills.bulk.cannotUndo.${action}`, 'waybills.bulk.cannotUndo.other'])}</p>;
  const who = by === 'anyone' ? 'anyone' : isStaff ? 'staff' : 'staffOnly';
  const until = t(`waybills.bulk.undoUntil.${action}`, { defaultValue: '' });
  return <p className={styles.hint}>{[t(`waybills.bulk.undoLater.${who}`), until].filter(Boolean).join(' ')}</p>;
}

/**
 * A bulk action's dialog body and buttons by its phase: the dry run's progress, its preview (the
 * waybills it will change, what cannot be changed and why, whether it can be undone, a reason,
 * the file format of an export), the real run's progress, its per-row results with a way to undo
 * them, or the failure with a way to try again.
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
  listed = NO_WAYBILLS,
  onRun,
  onRetry,
  onClose,
  onUndo,
}: BulkActionViewProps) {
  const { t } = useTranslation();
  const formats = useFormat();
  const formatsId = useId();
  const sized = { count: size, formatted: formats.number(size) };
  const final = isBulkActionFinal(action);

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
            {t('ui.dialog.close')}
          </Button>
          <Button variant={final ? 'danger' : 'primary'} onClick={onRetry}>
            {t('waybills.bulk.retry')}
          </Button>
        </div>
      </div>
    );
  }

  if (phase.name === 'results') {
    const { result } = phase;
    const by = undoBy(action, result.rows);
    return (
      <div className={styles.view}>
        <div role="status">
          <Counts action={action} result={result} />
        </div>
        {action === 'export' && result.exportRequest ? <p className={styles.hint}>{t('waybills.bulk.exportStarted')}</p> : null}
        {action === 'export' ? null : (
          <ChangesTable rows={changedRows(result)} caption={t('waybills.bulk.changedCaption')} listed={listed} />
        )}
        <RowsTable rows={rowsToReview(result)} caption={t('waybills.bulk.notDoneCaption')} />
        {onUndo ? <p className={styles.hint}>{t('waybills.bulk.undoHint')}</p> : null}
        {!onUndo && by === 'nobody' ? (
          <p className={styles.final}>{t([`waybills.bulk.cannotUndo.${action}`, 'waybills.bulk.cannotUndo.other'])}</p>
        ) : null}
        {!onUndo && by === 'staff' && !isStaff ? <p className={styles.hint}>{t('waybills.bulk.undoStaffOnly')}</p> : null}
        <div className={styles.buttons}>
          {onUndo ? (
            <Button variant="secondary" onClick={onUndo}>
              {t('waybills.bulk.undo')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('waybills.bulk.done')}</Button>
        </div>
      </div>
    );
  }

  const { preview } = phase;
  const needing = needingReason(preview);
  const reasonGiven = reason.trim() !== '';
  // Without a reason the rows that need one are left out of the run.
  const runs = reasonGiven ? preview.done : preview.done - needing;
  const reasonLabel =
    needing === 0
      ? t('waybills.bulk.reason')
      : needing === preview.done
        ? t('waybills.bulk.reasonRequired')
        : t('waybills.bulk.reasonNeededFor', { count: needing, formatted: formats.number(needing) });
  return (
    <div className={styles.view}>
      <Counts action={action} result={preview} reasonGiven={reasonGiven} />
      <p className={`${styles.hint} ${styles.live}`} role="status">
        {phase.rechecking ? t('waybills.bulk.rechecking') : phase.rechecked ? t('waybills.bulk.rechecked') : ''}
      </p>
      {action === 'export' ? null : (
        <ChangesTable
          rows={changedRows(preview)}
          caption={t('waybills.bulk.willChangeCaption')}
          listed={listed}
          reasonGiven={reasonGiven}
        />
      )}
      <RowsTable rows={rowsToReview(preview)} caption={t('waybills.bulk.cannotCaption')} />
      {takesReason(action) ? (
        <TextField
          label={reasonLabel}
          name="reason"
          value={reason}
          onChange={(event) => onReasonChange(event.target.value)}
          hint={t('waybills.bulk.reasonHint')}
          required={needing > 0 && needing === preview.done}
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
      {runs > 0 ? <UndoNote action={action} by={undoBy(action, preview.rows)} isStaff={isStaff} /> : null}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onClose}>
          {t('ui.dialog.close')}
        </Button>
        {/* Not held while the preview is checked again: a click then is never lost, and the run is
            checked by the server all the same (a waybill changed meanwhile is answered as such). */}
        <Button variant={final ? 'danger' : 'primary'} onClick={() => onRun(preview)} disabled={runs <= 0}>
          {t(`waybills.bulk.run.${action}`, { count: runs, formatted: formats.number(runs) })}
        </Button>
      </div>
    </div>
  );
}
