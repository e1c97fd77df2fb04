export { clearDrafts, DRAFT_MAX_AGE_MS, draftKey, readDraft, removeDraft, writeDraft } from './drafts';
export type { LocalDraft } from './drafts';
