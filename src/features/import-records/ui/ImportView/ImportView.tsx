import { IMPORT } from '@timberlog/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { BatchJob, ImportError } from '@/entities/waybill';
import { useFormat } from '@/shared/lib/format';
import { Button, ProgressBar, ResultTable, type ResultTableColumn } from '@/shared/ui';

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
      <ProgressBar label={t('waybills.bulk.progress')} percent={job ? percent : undefined} />
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
  const columns: readonly ResultTableColumn<ImportError>[] = [
    { id: 'row', header: t('import.column.row'), cell: (error) => format.number(error.row), tabular: true },
    { id: 'field', header: t('import.column.field'), cell: (error) => label(error.field) },
    { id: 'problem', header: t('import.column.problem'), cell: (error) => error.message },
  ];
  return (
    <ResultTable
      caption={t('import.errorsCaption', { count: invalid, formatted: format.number(invalid) })}
      columns={columns}
      rows={errors}
      // A row may have several problems, a field one each.
      getRowKey={(error, i) => `${error.row}-${error.field}-${i}`}
      limit={ERRORS_LISTED}
      moreText={(hidden) => t('waybills.bulk.moreRows', { formatted: format.number(hidden) })}
    />
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
  // Headings may repeat or be empty: the position is the column.
  const rows = columns.headings.map((heading, index) => ({ heading, index }));
  const tableColumns: readonly ResultTableColumn<(typeof rows)[number]>[] = [
    {
      id: 'heading',
      header: t('import.column.heading'),
      cell: ({ heading, index }) => heading || t('import.noHeading', { number: index + 1 }),
      rowHeader: true,
    },
    {
      id: 'gives',
      header: t('import.column.gives'),
      cell: ({ heading, index }) => (
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
      ),
    },
  ];
  const problems =
    missing.length > 0 || twice.length > 0 ? (
      <div className={styles.mappingProblems}>
        {missing.length > 0 ? (
          <p className={styles.problem}>{t('import.missing', { fields: missing.map(fieldLabel).join(', ') })}</p>
        ) : null}
        {twice.length > 0 ? <p className={styles.problem}>{t('import.twice', { fields: twice.map(fieldLabel).join(', ') })}</p> : null}
      </div>
    ) : null;
  return (
    <ResultTable
      caption={t('import.columnsCaption')}
      columns={tableColumns}
      rows={rows}
      getRowKey={({ index }) => String(index)}
      footer={problems}
    />
  );
}

/** How many of the created records' numbers the result lists, each a link. */
const IMPORTED_SHOWN = 20;

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
  const createdId = useId();
  const busy = phase.name === 'checking' || phase.name === 'importing';
  const mappingReady = !columns || (missingFields(kind.columns, columns.mapping).length === 0 && twiceMapped(columns.mapping).length === 0);
  const counted = (n: number) => ({ count: n, formatted: format.number(n) });

  if (phase.name === 'imported') {
    const { numbers } = phase.result;
    const shown = numbers.slice(0, IMPORTED_SHOWN);
    return (
      <div className={styles.view}>
        <p className={styles.success} role="status">
          {t(`${kind.texts}.imported`, counted(phase.result.imported))}
        </p>
        {shown.length > 0 ? (
          <div>
            <p className={styles.hint} id={createdId}>
              {t('import.created')}
            </p>
            <ul className={styles.created} aria-labelledby={createdId}>
              {shown.map((number) => (
                <li key={number}>
                  <Link to={`/${kind.record}/${number}`} onClick={onClose}>
                    {number}
                  </Link>
                </li>
              ))}
            </ul>
            {numbers.length > shown.length ? (
              <p className={styles.hint}>{t('import.createdMore', counted(numbers.length - shown.length))}</p>
            ) : null}
          </div>
        ) : null}
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
