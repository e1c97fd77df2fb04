import { invoiceApi, type Invoice } from '@/entities/invoice';
import { baseApi, ifMatch, keepCurrentOnConflict, TAGS } from '@/shared/api';

/** The documents a record has: its printable PDF, and for an invoice its e-invoice (UBL XML). */
export type DocumentKind = 'pdf' | 'einvoice';
export type DocumentRecord = 'waybills' | 'invoices';

export interface DocumentArgs {
  readonly record: DocumentRecord;
  readonly number: string;
  readonly kind: DocumentKind;
}

/** A fetched document: a `blob:` address of the file (empty where the browser cannot make one) and its file name. */
export interface DocumentFile {
  readonly url: string;
  readonly filename: string;
}

export const documentPath = ({ record, number, kind }: DocumentArgs): string => `/api/${record}/${encodeURIComponent(number)}/${kind}/`;

const objectUrl = (blob: Blob): string => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '');

export const documentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A document as a file, fetched with the bearer token (a plain link could not send it) in the
     * app's language. Not cached: each click fetches the record as it is now.
     */
    fetchDocument: build.mutation<DocumentFile, DocumentArgs>({
      query: (args) => ({
        url: documentPath(args),
        // A file when it comes; the server's JSON error otherwise.
        responseHandler: async (response) =>
          response.ok
            ? {
                url: objectUrl(await response.blob()),
                filename: `${args.number}.${args.kind === 'pdf' ? 'pdf' : 'xml'}`,
              }
            : ((await response.json().catch(() => null)) as unknown),
      }),
    }),
    /**
     * Mails the invoice to its customer as the user saw it (`version`, sent as If-Match: the server
     * answers 412 and sends nothing when it has changed since); `force` confirms a second sending
     * (without it the server answers 409).
     */
    sendInvoice: build.mutation<Invoice, { readonly number: string; readonly version: number; readonly force?: boolean }>({
      query: ({ number, version, force }) => ({
        url: `/api/invoices/${encodeURIComponent(number)}/send/`,
        method: 'POST',
        params: force ? { force: true } : undefined,
        headers: ifMatch(version),
      }),
      // Refused because the invoice changed (412): the page shows it as it is now.
      onQueryStarted: keepCurrentOnConflict<Invoice>((invoice, dispatch) => {
        void dispatch(invoiceApi.util.upsertQueryData('getInvoice', invoice.number, invoice));
      }),
      invalidatesTags: (_invoice, _error, { number }) => [{ type: TAGS.invoice, id: number }],
    }),
  }),
});

export const { useFetchDocumentMutation, useSendInvoiceMutation } = documentApi;
