export { canCreate, previewArgs, selectionFromParams, selectionProblems, toggleNumber, withSelection } from './model/selection';
export { InvoiceDraft } from './ui/InvoiceDraft/InvoiceDraft';
export type { InvoiceDraftProps } from './ui/InvoiceDraft/InvoiceDraft';
