import { LIST_ID, type TagType } from './tags';

interface Page<T> {
  readonly results: readonly T[];
}

/** Tags a list response provides: the list itself and each item in it, so changing an item refreshes every list showing it. */
export const pageTags = <T, Id extends string | number>(
  type: TagType,
  page: Page<T> | undefined,
  idOf: (item: T) => Id,
): { type: TagType; id: Id | typeof LIST_ID }[] => [
  { type, id: LIST_ID },
  ...(page?.results ?? []).map((item) => ({ type, id: idOf(item) })),
];
