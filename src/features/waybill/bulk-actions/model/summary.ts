import type { BulkResult, BulkRow } from '@/entities/waybill';

/** Rows that were not (or would not be) done for one reason: the reason and the waybills' numbers. */
export interface RefusalGroup {
  readonly message: string;
  readonly numbers: readonly string[];
}

/** The rows a person needs to look at: every row not done (refused, stale, missing), in the answer's order. */
export const rowsToReview = (result: BulkResult): BulkRow[] =>
  result.rows.filter((row) => row.outcome === 'refused' || row.outcome === 'stale' || row.outcome === 'missing');

/** The rows not done grouped by why, the most common reason first. */
export function refusalGroups(result: BulkResult): RefusalGroup[] {
  const groups = new Map<string, string[]>();
  for (const row of rowsToReview(result)) {
    const message = row.message ?? '';
    const numbers = groups.get(message);
    if (numbers) numbers.push(row.number);
    else groups.set(message, [row.number]);
  }
  return [...groups.entries()].map(([message, numbers]) => ({ message, numbers })).sort((a, b) => b.numbers.length - a.numbers.length);
}

/** A short list of numbers for a sentence: the first `max`, and how many more. */
export function someNumbers(numbers: readonly string[], max = 5): { readonly shown: string; readonly more: number } {
  return { shown: numbers.slice(0, max).join(', '), more: Math.max(0, numbers.length - max) };
}
