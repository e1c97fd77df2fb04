import { LIMITS } from '@timberlog/contract';

import { exportState, linkExpiry } from './exportState';

const done = { inProgress: false, failed: false, fileUrl: 'http://x/api/export-requests/1/download_attachment/?token=t' };

describe('exportState', () => {
  it('offers a finished file while its link is valid, and calls it expired after', () => {
    expect(exportState(done, true)).toBe('ready');
    expect(exportState(done, false)).toBe('expired');
  });

  it('tells running and failed exports apart from finished ones', () => {
    expect(exportState({ ...done, inProgress: true, fileUrl: null }, true)).toBe('running');
    expect(exportState({ ...done, failed: true, fileUrl: null }, true)).toBe('failed');
  });
});

describe('linkExpiry', () => {
  it("is the contract's link life after the answer that carried the links", () => {
    const fetchedAt = Date.parse('2026-11-23T10:00:00Z');
    expect(linkExpiry(fetchedAt) - fetchedAt).toBe(LIMITS.exportDownloadTokenSeconds * 1000);
  });
});
