import { BULK_ACTIONS } from '@timberlog/contract';

import type { BulkResult } from '@/entities/waybill';

import { refusalGroups, rowsToReview, someNumbers } from './summary';
import { bulkRequest, takesReason, targetSize } from './target';

describe('bulkRequest: the body of POST /api/waybills/bulk/', () => {
  const picked = {
    kind: 'rows',
    rows: [
      { number: 'W-1', version: 4 },
      { number: 'W-2', version: 1 },
    ],
  } as const;
  const matching = { kind: 'filters', filters: 'statusIn=draft&origin=TRT-O', count: 240 } as const;

  it('names the picked waybills each with the version seen, or the filters for all that match', () => {
    expect(bulkRequest(picked, 'confirm', { dryRun: true })).toEqual({
      action: 'confirm',
      rows: [
        { number: 'W-1', version: 4 },
        { number: 'W-2', version: 1 },
      ],
      dryRun: true,
    });
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
    expect(BULK_ACTIONS.filter(takesReason)).toEqual(['confirm', 'deliver', 'cancel', 'undo']);
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
    total: 6,
    done: 1,
    unchanged: 1,
    refused: 2,
    stale: 1,
    missing: 1,
    rows: [
      { number: 'A', outcome: 'done', from: 'draft', to: 'confirmed', version: 1, needsReason: false, message: null },
      { number: 'B', outcome: 'unchanged', from: 'confirmed', to: 'confirmed', version: 1, needsReason: false, message: null },
      { number: 'C', outcome: 'refused', from: null, to: null, version: null, needsReason: false, message: 'Delivered.' },
      { number: 'D', outcome: 'missing', from: null, to: null, version: null, needsReason: false, message: 'Not found.' },
      { number: 'E', outcome: 'refused', from: null, to: null, version: null, needsReason: false, message: 'Delivered.' },
      {
        number: 'F',
        outcome: 'stale',
        from: null,
        to: null,
        version: null,
        needsReason: false,
        message: 'Mari Mets changed this record at 09:15.',
      },
    ],
    exportRequest: null,
  };

  it('are the refused, missing and stale ones, in order', () => {
    expect(rowsToReview(result).map((row) => row.number)).toEqual(['C', 'D', 'E', 'F']);
  });

  it('group by why, the most common first', () => {
    expect(refusalGroups(result)).toEqual([
      { message: 'Delivered.', numbers: ['C', 'E'] },
      { message: 'Not found.', numbers: ['D'] },
      { message: 'Mari Mets changed this record at 09:15.', numbers: ['F'] },
    ]);
    expect(someNumbers(['A', 'B', 'C'], 2)).toEqual({ shown: 'A, B', more: 1 });
  });
});
