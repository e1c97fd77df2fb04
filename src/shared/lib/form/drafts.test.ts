import { clearDrafts, DRAFT_MAX_AGE_MS, draftKey, readDraft, removeDraft, writeDraft } from './drafts';

describe("a form's draft kept in the browser", () => {
  beforeEach(() => localStorage.clear());

  it('is read back as written, per account and form', () => {
    const key = draftKey('mari@example.com', 'waybill:W-2026-000042');
    writeDraft(key, { values: { driverName: 'Mari' }, version: 3, savedAt: 1_000 });
    expect(readDraft(key, 2_000)).toEqual({ values: { driverName: 'Mari' }, version: 3, savedAt: 1_000 });
    expect(readDraft(draftKey('jaan@example.com', 'waybill:W-2026-000042'), 2_000)).toBeNull();
    removeDraft(key);
    expect(readDraft(key, 2_000)).toBeNull();
  });

  it('is dropped once older than its age, and when what is stored is not a draft', () => {
    const key = draftKey('mari@example.com', 'waybill:new');
    writeDraft(key, { values: { driverName: 'Mari' }, version: null, savedAt: 0 });
    expect(readDraft(key, DRAFT_MAX_AGE_MS)).not.toBeNull();
    expect(readDraft(key, DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
    localStorage.setItem(key, '{"values": null}');
    expect(readDraft(key)).toBeNull();
    localStorage.setItem(key, 'not json');
    expect(readDraft(key)).toBeNull();
  });

  it("signing out removes every draft; another account's are removed while one account's stay", () => {
    writeDraft(draftKey('mari@example.com', 'a'), { values: {}, version: null, savedAt: Date.now() });
    writeDraft(draftKey('jaan@example.com', 'b'), { values: {}, version: null, savedAt: Date.now() });
    localStorage.setItem('persist:timberlog', '{}');
    clearDrafts('mari@example.com');
    expect(readDraft(draftKey('mari@example.com', 'a'))).not.toBeNull();
    expect(readDraft(draftKey('jaan@example.com', 'b'))).toBeNull();
    clearDrafts();
    expect(readDraft(draftKey('mari@example.com', 'a'))).toBeNull();
    expect(localStorage.getItem('persist:timberlog')).toBe('{}');
  });
});
