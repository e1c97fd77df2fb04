import { BULK_ACTIONS } from '@timberlog/contract';

import type { BulkResult } from '@/entities/waybill';

import { refusalGroups, rowsToReview, someNumbers } from './summary';
import { bulkRequest, takesReason, targetSize } from './target';

describe('bulkRequest: the body of POST /api/waybills/bulk/', () => {
  const picked = { kind: 'numbers', numbers: ['W-1', 'W-2'] } as const;
  const matching = { kind: 'filters', filters: 'statusIn=draft&origin=TRT-O', count: 240 } as const;

  it('names the picked waybills, or the filters for all that match', () => {
    expect(bulkRequest(picked, 'confirm', { dryRun: true })).toEqual({ action: 'confirm', numbers: ['W-1', 'W-2'], dryRun: true });
    expect(bulkRequest(matching, 'delete', { dryRun: false })).toEqual({
      action: 'delete',
      filters: 'statusIn=draft&origin=TRT-O',
      dryRun: false,
    });
    expect(targetSize(picked)).toBe(2);
    expect(targetSize(matching)).toBe(240);
  });

  it('sends a reason only with a status change, trimmed, and only when one is given', () => {
    expect(bulkRequest(picked, 'confirm', { dryRun: false, reason: '  Marked by mistake ' }).reason).toBe('Marked by mistake');
    expect(bulkRequest(picked, 'confirm', { dryRun: false, reason: '   ' })).not.toHaveProperty('reason');
    expect(bulkRequest(picked, 'delete', { dryRun: false, reason: 'x' })).not.toHaveProperty('reason');
    expect(BULK_ACTIONS.filter(takesReason)).toEqual(['confirm', 'deliver', 'cancel']);
  });

  it("sends the export's format only with the export", () => {
    expect(bulkRequest(picked, 'export', { dryRun: false, format: 'csv' }).format).toBe('csv');
    expect(bulkRequest(picked, 'cancel', { dryRun: false, format: 'csv' })).not.toHaveProperty('format');
  });
});

describe('the rows to review', () => {
  const result: BulkResult = {
    action: 'confirm',
    dryRun: true,
    total: 5,
    done: 1,
    unchanged: 1,
    refused: 2,
    missing: 1,
    rows: [
      { number: 'A', outcome: 'done', from: 'draft', to: 'confirmed', message: null },
      { number: 'B', outcome: 'unchanged', from: 'confirmed', to: 'confirmed', message: null },
      { number: 'C', outcome: 'refused', from: null, to: null, message: 'Delivered.' },
      { number: 'D', outcome: 'missing', from: null, to: null, message: 'Not found.' },
      { number: 'E', outcome: 'refused', from: null, to: null, message: 'Delivered.' },
    ],
    exportRequest: null,
  };

  it('are the refused and missing ones, in order', () => {
    expect(rowsToReview(result).map((row) => row.number)).toEqual(['C', 'D', 'E']);
  });

  it('group by why, the most common first', () => {
    expect(refusalGroups(result)).toEqual([
      { message: 'Delivered.', numbers: ['C', 'E'] },
      { message: 'Not found.', numbers: ['D'] },
    ]);
    expect(someNumbers(['A', 'B', 'C'], 2)).toEqual({ shown: 'A, B', more: 1 });
  });
});
