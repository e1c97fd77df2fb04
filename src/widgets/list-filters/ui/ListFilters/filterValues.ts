import type { FilterDef } from '@timberlog/contract';

import type { FilterValue } from '@/shared/lib/list-query';

/** Pure helpers of the filter bar: the values a filter offers and how a change applies to the URL's. */

/** The values a filter offers to pick from: its own list, or true and false for a boolean one. */
export const valuesOf = (def: FilterDef): readonly string[] | undefined =>
  def.kind === 'multi' || def.kind === 'exact' ? (def.values ?? (def.type === 'boolean' ? ['true', 'false'] : undefined)) : undefined;

export const asArray = (value: FilterValue): readonly string[] => (value === undefined ? [] : typeof value === 'string' ? [value] : value);

/**
 * What a control changed, from the values it showed to the ones it reports, applied to the values in
 * the URL at the moment of writing: two ticks before the list renders again both count.
 */
export const changeFrom =
  (shown: readonly string[], next: readonly string[]) =>
  (current: FilterValue): string[] => {
    const kept = asArray(current).filter((item) => next.includes(item) || !shown.includes(item));
    return [...kept, ...next.filter((item) => !shown.includes(item) && !kept.includes(item))];
  };

/** One value less, in the URL at the moment of writing (a chip's ×). */
export const without =
  (item: string) =>
  (current: FilterValue): FilterValue => {
    const rest = asArray(current).filter((entry) => entry !== item);
    if (rest.length === 0) return undefined;
    return typeof current === 'string' ? rest[0] : rest;
  };
