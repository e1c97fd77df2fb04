import type { ImportRecord } from '@timberlog/contract';

import type { BatchJob, ImportResult } from '@/entities/waybill';
import { baseApi, LIST_ID, type ListParams, type OperationQuery } from '@/shared/api';

import { IMPORT_KINDS } from '../config/records';

export type ImportTemplateFormat = ListParams<'/api/waybills/import/template/' | '/api/worklogs/import/template/'>['format'];
export type ImportQuery = OperationQuery<'/api/waybills/import/' | '/api/worklogs/import/', 'post'>;

/** A fetched template: a `blob:` address of the file (empty where the browser cannot make one) and its name. */
export interface TemplateFile {
  readonly url: string;
  readonly filename: string;
}

export interface ImportRequest extends Pick<ImportQuery, 'dryRun' | 'filename' | 'columns'> {
  readonly record: ImportRecord;
  readonly file: Blob;
}

const objectUrl = (blob: Blob): string => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '');

/**
 * Imports of waybills and worklogs from a CSV or XLSX file (the same API for each record kind).
 * More rows than the server answers at once (IMPORT.inlineMaxRows) come back as a BatchJob (202)
 * to poll with the waybill entity's getBatchJob.
 */
export const importApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The file goes as the body, as it is (a File from an input keeps its type: text/csv or the XLSX
     * type), with the field of each of its columns when the dialog read them; a real run changes the record's list.
     */
    importRecords: build.mutation<ImportResult | BatchJob, ImportRequest>({
      query: ({ record, file, dryRun, filename, columns }) => ({
        url: `/api/${record}/import/`,
        method: 'POST',
        params: { dryRun, filename, columns },
        body: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      }),
      invalidatesTags: (_result, _error, { record, dryRun }) => (dryRun ? [] : [{ type: IMPORT_KINDS[record].tag, id: LIST_ID }]),
    }),
    /** The import template with the headings in the app's language, fetched with the bearer token (a plain link could not send it). */
    fetchImportTemplate: build.mutation<TemplateFile, { readonly record: ImportRecord; readonly format: ImportTemplateFormat }>({
      query: ({ record, format }) => ({
        url: `/api/${record}/import/template/?format=${format}`,
        responseHandler: async (response) =>
          response.ok
            ? { url: objectUrl(await response.blob()), filename: `${record}-import.${format}` }
            : ((await response.json().catch(() => null)) as unknown),
      }),
    }),
  }),
});

export const { useImportRecordsMutation, useFetchImportTemplateMutation } = importApi;
