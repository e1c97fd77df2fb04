/**
 * The list kit: every list endpoint's SQL from its contract. `list/spec.ts` declares a list,
 * `list/filters.ts` builds its WHERE (filters and search), `list/order.ts` its ORDER BY, and
 * `list/run.ts` counts and pages it.
 */
export { defineSpec } from './list/spec.js';
export type { Cond, CustomFilter, FilterContext, ListQuery, ListSpec, ListSpecInput } from './list/spec.js';
export {
  afterCond,
  beforeCond,
  escapeLike,
  givenFilters,
  listConds,
  searchFold,
  searchLike,
  searchTerm,
  whereClause,
} from './list/filters.js';
export { orderBy } from './list/order.js';
export { countList, findOne, pageUrl, runList } from './list/run.js';
export type { Page, Row } from './list/run.js';
