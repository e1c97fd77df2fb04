/**
 * The list kit: every list endpoint's SQL from its contract. `list/spec.ts` declares a list,
 * `list/filters.ts` builds its WHERE (filters and search), `list/order.ts` its ORDER BY, and
 * `list/run.ts` counts and pages it.
 */
export { defineSpec, searchFold } from './spec.js';
export type { Cond, CustomFilter, FilterContext, ListQuery, ListSpec, ListSpecInput } from './spec.js';
export {
  afterCond,
  beforeCond,
  escapeLike,
  givenFilters,
  listConds,
  searchLike,
  searchTerm,
  whereClause,
} from './filters.js';
export { orderBy, sortParts } from './order.js';
export { countList, findOne, pageUrl, runList, runListJson, sendJsonText } from './run.js';
export type { Page, Row } from './run.js';
