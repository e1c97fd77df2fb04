import type { HistoryVia } from '@timberlog/contract';

import { mockHistory, nextHistoryId, resetMockDb } from './db';
import { stillHolds } from './versions';

/** A history entry of waybill W-1's `version`, made the way `via` says. */
const entry = (version: number, via: HistoryVia) =>
  mockHistory.push({
    entity: 'waybill',
    key: 'W-1',
    entry: { id: nextHistoryId(), at: new Date().toISOString(), action: 'updated', actor: null, via, version, reason: null, changes: [] },
  });

describe('a write made on an older version, as the server judges it', () => {
  beforeEach(resetMockDb);

  it("holds when only EVR's answers moved the record on since", () => {
    entry(3, 'web');
    entry(4, 'evr');
    entry(5, 'evr');
    expect(stillHolds('waybill', 'W-1', 3, 5)).toBe(true);
    expect(stillHolds('waybill', 'W-1', 5, 5)).toBe(true);
  });

  it("is stale when a person's change is among them, or a version has no entry", () => {
    entry(4, 'evr');
    entry(5, 'web');
    entry(6, 'evr');
    expect(stillHolds('waybill', 'W-1', 3, 6)).toBe(false);
    expect(stillHolds('waybill', 'W-1', 5, 6)).toBe(true);
    expect(stillHolds('waybill', 'W-1', 1, 4)).toBe(false);
  });

  it('never holds for a version the record never had', () => {
    entry(2, 'evr');
    for (const never of [3, 0, Number.NaN, 1.5]) expect(stillHolds('waybill', 'W-1', never, 2)).toBe(false);
  });
});
