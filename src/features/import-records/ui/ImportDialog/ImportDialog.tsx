import { IMPORT, importColumnsParam, type ImportRecord } from '@timberlog/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { saveFile } from '@/shared/lib';
import { Dialog } from '@/shared/ui';

import { useFetchImportTemplateMutation, type ImportTemplateFormat } from '../../api/importApi';
import { IMPORT_KINDS } from '../../config/records';
import { readCsvHeadings, recognisedMapping, type ColumnMapping } from '../../model/header';
import { useImportRun } from '../../model/useImportRun';
import { ImportView } from '../ImportView/ImportView';

export interface ImportDialogProps {
  /** What the file's rows become. */
  readonly record: ImportRecord;
  readonly onOpenChange: (open: boolean) => void;
}

/** The chosen file, its bytes as sent, its heading row (null when it could not be read here) and the mapping its last check used. */
interface Chosen {
  readonly file: File;
  readonly body: Blob;
  readonly headings: readonly string[] | null;
  readonly checkedMapping: ColumnMapping | null;
}

const isXlsx = (file: File) => file.type === IMPORT.xlsxType || /\.xlsx$/i.test(file.name);
const sameMapping = (a: ColumnMapping | null, b: ColumnMapping | null) => JSON.stringify(a) === JSON.stringify(b);

/** A file's bytes. */
const readBytes = (file: File): Promise<ArrayBuffer> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (reader.result instanceof ArrayBuffer ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file);
  });

/** The XLSX reader loads with the first XLSX file chosen, not with the dialog. */
const loadXlsxReader = () => import('../../lib/xlsxHeadings');

/** A file's heading row as the server reads it (CSV as UTF-8), or null when it cannot be read here (the server then reads the headings itself). */
const readHeadings = async (file: File, bytes: ArrayBuffer): Promise<readonly string[] | null> => {
  try {
    if (!isXlsx(file)) return readCsvHeadings(new TextDecoder().decode(bytes));
    const { readXlsxHeadings } = await loadXlsxReader();
    return readXlsxHeadings(bytes);
  } catch {
    return null;
  }
};

/**
 * Import waybills or worklogs from a spreadsheet: pick a CSV or XLSX file, see the check's answer
 * (every problem by the row the spreadsheet shows and its field; the file's columns, which the user
 * may assign to other fields, sent as the import's `columns`), then import every row, or none.
 */
export function ImportDialog({ record, onOpenChange }: ImportDialogProps) {
  const { t } = useTranslation();
  const kind = IMPORT_KINDS[record];
  const { phase, check, write, reset } = useImportRun(record);
  const [fetchTemplate] = useFetchImportTemplateMutation();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [templateFailed, setTemplateFailed] = useState(false);

  /** The field of each column as the import's `columns` (none when the headings could not be read here). */
  const columnsOf = (map: ColumnMapping | null) => (map ? importColumnsParam(map) : undefined);
  const runCheck = (current: Chosen, map: ColumnMapping | null) => {
    setChosen({ ...current, checkedMapping: map });
    check(current.body, current.file.name, columnsOf(map));
  };

  const pick = async (file: File) => {
    reset();
    const bytes = await readBytes(file).catch(() => null);
    const headings = bytes && (await readHeadings(file, bytes));
    // The same file corrected (the same headings) keeps the columns as the user set them.
    const sameHeadings =
      headings !== null &&
      chosen?.headings != null &&
      headings.length === chosen.headings.length &&
      headings.every((h, i) => h === chosen.headings![i]);
    const map = sameHeadings && mapping ? mapping : headings ? recognisedMapping(kind.columns, headings) : null;
    // The bytes as read are sent (the file itself where they could not be read: the server says why).
    const type = file.type || (isXlsx(file) ? IMPORT.xlsxType : 'text/csv');
    const current: Chosen = { file, body: bytes ? new Blob([bytes], { type }) : file, headings, checkedMapping: null };
    setMapping(map);
    setChosen(current);
    runCheck(current, map);
  };

  const map = (column: number, field: string | null) =>
    setMapping((before) => before && before.map((value, i) => (i === column ? field : value)));

  const template = async (format: ImportTemplateFormat) => {
    setTemplateFailed(false);
    const file = await fetchTemplate({ record, format })
      .unwrap()
      .catch(() => null);
    // Said in the dialog: the download's failure would otherwise pass unseen.
    if (file) saveFile(file.url, file.filename);
    else setTemplateFailed(true);
  };

  return (
    <Dialog
      open
      size="md"
      onOpenChange={(open) => {
        if (!open && phase.name !== 'importing') onOpenChange(false);
      }}
      title={t(`${kind.texts}.title`)}
      description={t(`${kind.texts}.description`)}
    >
      <ImportView
        kind={kind}
        phase={phase}
        templateFailed={templateFailed}
        fileName={chosen?.file.name ?? null}
        columns={chosen?.headings && mapping ? { headings: chosen.headings, mapping } : null}
        mappingChanged={chosen !== null && phase.name !== 'idle' && !sameMapping(mapping, chosen.checkedMapping)}
        onPick={(file) => void pick(file)}
        onMap={map}
        onCheck={() => chosen && runCheck(chosen, mapping)}
        onImport={() => chosen && write(chosen.body, chosen.file.name, columnsOf(chosen.checkedMapping))}
        onTemplate={(format) => void template(format)}
        onClose={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
