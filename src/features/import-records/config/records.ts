import { IMPORT_COLUMNS, type ImportColumn, type ImportRecord } from '@timberlog/contract';

import { TAGS } from '@/shared/api';

/** What the import dialog needs to know of a record kind: its columns, its list's cache tag and where its words are. */
export interface ImportKind {
  readonly record: ImportRecord;
  readonly columns: readonly ImportColumn[];
  readonly tag: (typeof TAGS)[keyof typeof TAGS];
  /** The translation prefix of the record's field labels (`waybills.fields`). */
  readonly fields: string;
  /** The translation prefix of the record's own import words: button, title, description, fileHint, run, imported. */
  readonly texts: string;
}

export const IMPORT_KINDS: Readonly<Record<ImportRecord, ImportKind>> = {
  waybills: {
    record: 'waybills',
    columns: IMPORT_COLUMNS.waybills,
    tag: TAGS.waybill,
    fields: 'waybills.fields',
    texts: 'waybills.import',
  },
  worklogs: {
    record: 'worklogs',
    columns: IMPORT_COLUMNS.worklogs,
    tag: TAGS.worklog,
    fields: 'worklogs.fields',
    texts: 'worklogs.import',
  },
};
