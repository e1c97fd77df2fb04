import { canCreate, dateErrors, previewArgs, selectionFromParams, selectionProblems, toggleNumber, withSelection } from './selection';

describe('selectionFromParams', () => {
  it('reads repeated and comma-separated numbers, dropping blanks and repeats in first-mention order', () => {
    const params = new URLSearchParams('waybills=W-2&waybills=W-1,%20W-3,&waybills=W-2&customer=10000001');
    expect(selectionFromParams(params)).toEqual(['W-2', 'W-1', 'W-3']);
    expect(selectionFromParams(new URLSearchParams(''))).toEqual([]);
  });
});

describe('withSelection', () => {
  it('replaces the selection and keeps the other parameters', () => {
    const next = withSelection(new URLSearchParams('waybills=W-9&customer=10000001'), ['W-1', 'W-2']);
    expect(next.toString()).toBe('customer=10000001&waybills=W-1&waybills=W-2');
    expect(withSelection(next, []).toString()).toBe('customer=10000001');
  });
});

describe('toggleNumber and previewArgs', () => {
  it('adds and removes, and asks the preview the same thing for the same set', () => {
    expect(toggleNumber(['W-1'], 'W-2')).toEqual(['W-1', 'W-2']);
    expect(toggleNumber(['W-1', 'W-2'], 'W-1')).toEqual(['W-2']);
    expect(previewArgs(['W-2', 'W-1'])).toEqual(previewArgs(['W-1', 'W-2']));
  });
});

describe('selectionProblems', () => {
  it("gives the server's words about the waybills first", () => {
    const error = {
      status: 400,
      data: { waybills: ['The waybills go to more than one company: 10000001, 10000002.'], dueDate: ['Too early.'] },
    };
    // The dates' own words go on their fields (dateErrors).
    expect(selectionProblems(error)).toEqual(['The waybills go to more than one company: 10000001, 10000002.']);
  });

  it('gives a general message, and a generic one when the server said nothing usable', () => {
    expect(selectionProblems({ status: 400, data: { nonFieldErrors: ['Nothing to invoice.'] } })).toEqual(['Nothing to invoice.']);
    expect(selectionProblems({ status: 500, data: 'x' })).toEqual(['Something went wrong (error 500). Please try again.']);
    expect(selectionProblems(undefined)).toEqual([]);
  });
});

describe('canCreate', () => {
  const good = { selection: ['W-1'], previewReady: true, previewFetching: false, problems: [], creating: false };
  it('allows creating only when the current selection has a good preview and nothing is under way', () => {
    expect(canCreate(good)).toBe(true);
    expect(canCreate({ ...good, selection: [] })).toBe(false);
    expect(canCreate({ ...good, previewReady: false })).toBe(false);
    expect(canCreate({ ...good, previewFetching: true })).toBe(false);
    expect(canCreate({ ...good, problems: ['Already invoiced: W-1.'] })).toBe(false);
    expect(canCreate({ ...good, creating: true })).toBe(false);
  });
});

describe('dateErrors', () => {
  it("puts the server's words about the dates on their fields, not among the selection's problems", () => {
    const error = { status: 400, data: { issueDate: ['The issue date must not be in the future.'] } };
    expect(dateErrors(error)).toEqual({ issueDate: 'The issue date must not be in the future.' });
    expect(selectionProblems(error)).toEqual([]);
    expect(previewArgs(['W-2', 'W-1'], { issueDate: '2026-11-02' })).toEqual({ waybills: ['W-1', 'W-2'], issueDate: '2026-11-02' });
  });
});
