/** The ORDER BY of a list: the given sort or the contract's default, with a unique tiebreak. */
import { sql, type RawBuilder } from 'kysely';
import { orderParts, parseSort } from '@timberlog/contract';
import { fieldError } from '../http/errors.js';
import type { ListSpec } from './spec.js';

/** The `sort` values as given: an array (the querystring schema's) or, in export requests stored before, a comma string. */
export const sortParts = (sort: unknown): string[] =>
  Array.isArray(sort) ? sort.map(String) : typeof sort === 'string' ? parseSort(sort) : [];

/** ORDER BY from `sort` (or the list's default), ending with the unique tiebreak column in the first part's direction (orderParts). */
export function orderBy(spec: ListSpec, sort: unknown): RawBuilder<unknown> {
  const parts = orderParts(spec.list, sortParts(sort));
  const exprs: string[] = [];
  for (const [i, part] of parts.entries()) {
    const desc = part.startsWith('-');
    const name = desc ? part.slice(1) : part;
    // The last part is the list's key (see orderParts): its unique column.
    const expr =
      i === parts.length - 1 ? spec.tiebreak : (spec.list.sort as readonly string[]).includes(name) ? spec.columns[name] : undefined;
    if (!expr) throw fieldError('sort', 'field.unknownSort', { value: name.slice(0, 50), choices: spec.list.sort.join(', ') });
    exprs.push(`${expr} ${desc ? 'DESC' : 'ASC'}`);
  }
  return sql.raw(exprs.join(', '));
}
