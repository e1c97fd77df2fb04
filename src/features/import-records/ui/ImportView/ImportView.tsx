import { IMPORT } from '@timberlog/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { BatchJob, ImportError } from '@/entities/waybill';
import { useFormat } from '@/shared/lib/format';
import { Button } from '@/shared/ui';

import type { ImportTemplateFormat } from '../../api/importApi';
import type { ImportKind } from '../../config/records';
import { missingFields, twiceMapped, type ColumnMapping } from '../../model/header';
import type { ImportPhase } from '../../model/useImportRun';

import styles from './ImportView.module.css';

/** The most errors the dialog lists (the counts stay exact). */
export const ERRORS_LISTED = 200;

export interface ImportColumns {
  readonly headings: readonly string[];
  readonly mapping: ColumnMapping;
}

export interface ImportViewProps {
  /** What is imported: its columns and its words. */
  readonly kind: ImportKind;
  readonly phase: ImportPhase;
  /** The chosen file's name, once one is chosen. */
  readonly fileName: string | null;
  /** The file's columns and the field each gives (null when its headings could not be read here: the server matches them). */
  readonly columns: ImportColumns | null;
  /** The mapping differs from the one the last check used. */
  readonly mappingChanged: boolean;
  readonly onPick: (file: File) => void;
  /** The template could not be fetched. */
  readonly templateFailed?: boolean;
  readonly onMap: (column: number, field: string | null) => void;
  readonly onCheck: () => void;
  readonly onImport: () => void;
  readonly onTemplate: (format: ImportTemplateFormat) => void;
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
      <div
        className={styles.track}
        role="progressbar"
        aria-label={t('waybills.bulk.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={job ? percent : undefined}
      >
        <div className={job ? styles.bar : `${styles.bar} ${styles.indeterminate}`} style={job ? { width: `${percent}%` } : undefined} />
      </div>
    </div>
  );
}

function ErrorsTable({
  kind,
  errors,
  invalid,
}: {
  readonly kind: ImportKind;
  readonly errors: readonly ImportError[];
  readonly invalid: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const label = (field: string) => (field === 'row' ? t('import.wholeRow') : t(`${kind.fields}.${field}`, { defaultValue: field }));
  return (
    <div className={styles.errors}>
      <table className={styles.table}>
        <caption className={styles.caption}>{t('import.errorsCaption', { count: invalid, formatted: format.number(invalid) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('import.column.row')}</th>
            <th scope="col">{t('import.column.field')}</th>
            <th scope="col">{t('import.column.problem')}</th>
          </tr>
        </thead>
        <tbody>
          {errors.slice(0, ERRORS_LISTED).map((error, i) => (
            // A row may have several problems, a field one each.
            <tr key={`${error.row}-${error.field}-${i}`}>
              <td className={styles.row}>{format.number(error.row)}</td>
              <td>{label(error.field)}</td>
              <td>{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {errors.length > ERRORS_LISTED ? (
        <p className={styles.hint}>{t('waybills.bulk.moreRows', { formatted: format.number(errors.length - ERRORS_LISTED) })}</p>
      ) : null}
    </div>
  );
}

/** The columns of a file: what each gives (recognised by its heading, or as the user chose). */
function ColumnsTable({
  kind,
  columns,
  onMap,
}: {
  readonly kind: ImportKind;
  readonly columns: ImportColumns;
  readonly onMap: ImportViewProps['onMap'];
}) {
  const { t } = useTranslation();
  const missing = missingFields(kind.columns, columns.mapping);
  const twice = twiceMapped(columns.mapping);
  const fieldLabel = (field: string) => t(`${kind.fields}.${field}`);
  return (
    <div className={styles.columns}>
      <table className={styles.table}>
        <caption className={styles.caption}>{t('import.columnsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('import.column.heading')}</th>
            <th scope="col">{t('import.column.gives')}</th>
          </tr>
        </thead>
        <tbody>
          {columns.headings.map((heading, index) => (
            // Headings may repeat or be empty: the position is the column.
            <tr key={index}>
              <th scope="row" className={styles.heading}>
                {heading || t('import.noHeading', { number: index + 1 })}
              </th>
              <td>
                <select
                  className={styles.select}
                  aria-label={t('import.mapLabel', { heading: heading || index + 1 })}
                  value={columns.mapping[index] ?? ''}
                  onChange={(event) => onMap(index, event.target.value || null)}
                >
                  <option value="">{t('import.readPast')}</option>
                  {kind.columns.map((col) => (
                    <option key={col.field} value={col.field}>
                      {fieldLabel(col.field)}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {missing.length > 0 ? <p className={styles.problem}>{t('import.missing', { fields: missing.map(fieldLabel).join(', ') })}</p> : null}
      {twice.length > 0 ? <p className={styles.problem}>{t('import.twice', { fields: twice.map(fieldLabel).join(', ') })}</p> : null}
    </div>
  );
}

/**
 * The import dialog's body by its phase: the file and the template, its columns (what
 * each gives, changeable), the check's answer with every problem by spreadsheet row and field,
 * the writing's progress and its outcome.
 */
export function ImportView({
  kind,
  phase,
  fileName,
  columns,
  mappingChanged,
  templateFailed = false,
  onPick,
  onMap,
  onCheck,
  onImport,
  onTemplate,
  onClose,
}: ImportViewProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const inputId = useId();
  const hintId = useId();
  const busy = phase.name === 'checking' || phase.name === 'importing';
  const mappingReady = !columns || (missingFields(kind.columns, columns.mapping).length === 0 && twiceMapped(columns.mapping).length === 0);
  const counted = (n: number) => ({ count: n, formatted: format.number(n) });

  if (phase.name === 'imported') {
    return (
      <div className={styles.view}>
        <p className={styles.success} role="status">
          {t(`${kind.texts}.imported`, counted(phase.result.imported))}
        </p>
        <div className={styles.buttons}>
          <Button onClick={onClose}>{t('waybills.bulk.done')}</Button>
        </div>
      </div>
    );
  }

  const result = phase.name === 'checked' ? phase.result : null;
  return (
    <div className={styles.view}>
      <div className={styles.file}>
        <label htmlFor={inputId} className={styles.label}>
          {t('import.file')}
        </label>
        <input
          id={inputId}
          type="file"
          accept={`.csv,.xlsx,text/csv,${IMPORT.xlsxType}`}
          aria-describedby={hintId}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onPick(file);
            // The same file again (fixed in the meantime) is a new choice.
            event.target.value = '';
          }}
        />
        <p id={hintId} className={styles.hint}>
          {t(`${kind.texts}.fileHint`, { rows: format.number(IMPORT.maxRows) })}
        </p>
        <p className={styles.templates}>
          {t('import.template')}{' '}
          <Button variant="minimal" size="sm" onClick={() => onTemplate('csv')}>
            {t('ui.export.csv')}
          </Button>
          <Button variant="minimal" size="sm" onClick={() => onTemplate('xlsx')}>
            {t('ui.export.xlsx')}
          </Button>
        </p>
        {templateFailed ? (
          <p className={styles.problem} role="alert">
            {t('import.templateFailed')}
          </p>
        ) : null}
      </div>
      {fileName ? <p className={styles.fileName}>{t('import.chosen', { name: fileName })}</p> : null}
      {columns ? <ColumnsTable kind={kind} columns={columns} onMap={onMap} /> : null}
      {phase.name === 'checking' ? <Progress job={phase.job} label={t('import.checking')} /> : null}
      {phase.name === 'importing' ? <Progress job={phase.job} label={t('import.importing')} /> : null}
      {phase.name === 'failed' ? (
        <p className={styles.problem} role="alert">
          {phase.message || t('errors.unexpectedError')}
        </p>
      ) : null}
      {result ? (
        <div className={styles.result}>
          <p role="status" className={result.invalid > 0 ? styles.problem : styles.success}>
            {result.invalid > 0
              ? t('import.invalid', { ...counted(result.rows), invalid: format.number(result.invalid) })
              : t('import.valid', counted(result.rows))}
          </p>
          {result.invalid > 0 ? (
            <>
              <ErrorsTable kind={kind} errors={result.errors} invalid={result.invalid} />
              <p className={styles.hint}>{t('import.fixHint')}</p>
            </>
          ) : null}
        </div>
      ) : null}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onClose} disabled={phase.name === 'importing'}>
          {t('ui.dialog.cancel')}
        </Button>
        {fileName && (mappingChanged || phase.name === 'failed' || phase.name === 'idle') ? (
          <Button variant="secondary" onClick={onCheck} disabled={busy || !mappingReady}>
            {t('import.check')}
          </Button>
        ) : null}
        {result && result.invalid === 0 && !mappingChanged ? (
          <Button onClick={onImport} disabled={busy}>
            {t(`${kind.texts}.run`, counted(result.rows))}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
