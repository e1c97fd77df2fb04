import { importTemplatePath, type ImportTemplateFormat } from '@/entities/waybill';
import { baseApi } from '@/shared/api';

/** A fetched template: a `blob:` address of the file (empty where the browser cannot make one) and its name. */
export interface TemplateFile {
  readonly url: string;
  readonly filename: string;
}

const objectUrl = (blob: Blob): string => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '');

export const importTemplateApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The import template with the headings in the app's language, fetched with the bearer token (a plain link could not send it). */
    fetchImportTemplate: build.mutation<TemplateFile, ImportTemplateFormat>({
      query: (format) => ({
        url: importTemplatePath(format),
        responseHandler: async (response) =>
          response.ok
            ? { url: objectUrl(await response.blob()), filename: `waybills-import.${format}` }
            : ((await response.json().catch(() => null)) as unknown),
      }),
    }),
  }),
});

export const { useFetchImportTemplateMutation } = importTemplateApi;
