export { DocumentActions } from './ui/DocumentActions/DocumentActions';
export type { DocumentActionsProps } from './ui/DocumentActions/DocumentActions';
export { SendInvoiceButton } from './ui/SendInvoiceButton/SendInvoiceButton';
export type { SendInvoiceButtonProps } from './ui/SendInvoiceButton/SendInvoiceButton';
export { documentApi, documentPath, useFetchDocumentMutation, useSendInvoiceMutation } from './api/documentApi';
export type { DocumentArgs, DocumentFile, DocumentKind, DocumentRecord } from './api/documentApi';
