/** The full order of a list's rows, as the server and the mocks sort them. */
import { parseSort, WAYBILL_LIST, type ListContract } from './lists.ts';

/**
 * Per list (by its path), sort fields with few values, each with the field that orders its ties
 * before the key when the sort is by it alone: by mileage, the waybills of one mileage by transport
 * date. The indexes hold that order, so a page of one status in a quarter by mileage is read off
 * one without sorting every tie (docs/decisions/0025). In a module of its own, apart from the list
 * contracts the web app carries: only what orders rows (the server, the mocks) loads it.
 */
export const LIST_TIES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [WAYBILL_LIST.path]: { mileage: 'transportDate' },
};

/**
 * The full order of a list: the given sort parts (or the list's default sort), then, for a sort by
 * one field that has a tie field (LIST_TIES), that field, then the list's key, both in the
 * direction of the first part, so rows that tie keep one order from page to page. Following the
 * first part's direction lets the database read a page straight off an index on (field, tie, key)
 * forwards or backwards, instead of sorting every tie.
 */
export const orderParts = (list: ListContract, given: readonly string[]): string[] => {
  const parts = given.length > 0 ? [...given] : parseSort(list.defaultSort);
  const dir = parts[0]?.startsWith('-') ? '-' : '';
  const tie = parts.length === 1 ? LIST_TIES[list.path]?.[parts[0]!.slice(dir.length)] : undefined;
  return [...parts, ...(tie ? [`${dir}${tie}`] : []), `${dir}${list.key}`];
};
