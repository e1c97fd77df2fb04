import { IMPORT, type ImportRecord } from '@timberlog/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Dialog } from '@/shared/ui';

import { useFetchImportTemplateMutation, type ImportTemplateFormat } from '../../api/importApi';
import { IMPORT_KINDS } from '../../config/records';
import { readCsvHeader, recognisedMapping, withMapping, type ColumnMapping, type CsvHeader } from '../../model/header';
import { useImportRun } from '../../model/useImportRun';
import { ImportView } from '../ImportView/ImportView';

export interface ImportDialogProps {
  /** What the file's rows become. */
  readonly record: ImportRecord;
  readonly onOpenChange: (open: boolean) => void;
}

/** The chosen file: as read (a CSV file's text and heading row), and the mapping its last check used. */
interface Chosen {
  readonly file: File;
  readonly text: string | null;
  readonly header: CsvHeader | null;
  readonly checkedMapping: ColumnMapping | null;
}

const isXlsx = (file: File) => file.type === IMPORT.xlsxType || /\.xlsx$/i.test(file.name);
const sameMapping = (a: ColumnMapping | null, b: ColumnMapping | null) => JSON.stringify(a) === JSON.stringify(b);

/** A file's text (UTF-8, as the server reads CSV). */
const readText = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });

/** Saves a fetched file under its name (the browser's download). */
function save(url: string, filename: string) {
  if (!url) return;
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Import waybills or worklogs from a spreadsheet: pick a CSV or XLSX file, see the check's answer
 * (every problem by the row the spreadsheet shows and its field; a CSV file's columns, which the
 * user may assign to other fields), then import every row, or none.
 */
export function ImportDialog({ record, onOpenChange }: ImportDialogProps) {
  const { t } = useTranslation();
  const kind = IMPORT_KINDS[record];
  const { phase, check, write, reset } = useImportRun(record);
  const [fetchTemplate] = useFetchImportTemplateMutation();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [templateFailed, setTemplateFailed] = useState(false);

  /** The file as it is sent: a CSV file with its heading row written for the mapping when that was changed. */
  const body = (current: Chosen, map: ColumnMapping | null): Blob => {
    if (current.text === null || !current.header || !map) return current.file;
    // The text as read (the heading row rewritten when the user assigned columns otherwise).
    const text = sameMapping(map, recognisedMapping(kind.columns, current.header.headings))
      ? current.text
      : withMapping(kind.columns, current.text, current.header, map);
    return new Blob([text], { type: 'text/csv' });
  };
  const runCheck = (current: Chosen, map: ColumnMapping | null) => {
    setChosen({ ...current, checkedMapping: map });
    check(body(current, map), current.file.name);
  };

  const pick = async (file: File) => {
    reset();
    const text = isXlsx(file) ? null : await readText(file).catch(() => null);
    const header = text === null ? null : readCsvHeader(text);
    const map = header ? recognisedMapping(kind.columns, header.headings) : null;
    const current: Chosen = { file, text, header, checkedMapping: null };
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
    if (file) save(file.url, file.filename);
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
        columns={chosen?.header && mapping ? { headings: chosen.header.headings, mapping } : null}
        mappingChanged={chosen !== null && phase.name !== 'idle' && !sameMapping(mapping, chosen.checkedMapping)}
        onPick={(file) => void pick(file)}
        onMap={map}
        onCheck={() => chosen && runCheck(chosen, mapping)}
        onImport={() => chosen && write(body(chosen, chosen.checkedMapping), chosen.file.name)}
        onTemplate={(format) => void template(format)}
        onClose={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
