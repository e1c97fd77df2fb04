import { defaultColumns, WAYBILL_LIST } from '@timberlog/contract';

import type { SavedView } from '@/entities/saved-view';
import { parseListQuery } from '@/shared/lib/list-query';

import {
  columnLabelOf,
  defaultViewOf,
  isBareListSearch,
  layoutColumns,
  pickColumns,
  sortViews,
  viewChanges,
  viewIdOf,
  viewQueryOf,
  viewSearch,
} from './views';

const view = (overrides: Partial<SavedView>): SavedView => ({
  id: 1,
  list: 'waybills',
  name: 'Confirmed',
  query: 'statusIn=confirmed&sort=-transportDate',
  columns: defaultColumns('waybills'),
  density: 'comfortable',
  shared: false,
  isDefault: false,
  owner: { email: 'user@timberlog.ee', name: 'User' },
  own: true,
  version: 1,
  createdAt: '2026-11-26T08:00:00Z',
  lastModifiedAt: '2026-11-26T08:00:00Z',
  ...overrides,
});

const stateOf = (search: string) => parseListQuery(WAYBILL_LIST, new URLSearchParams(search), { otherParams: ['view'] }).state;

describe('viewQueryOf', () => {
  it('writes the list state as a view keeps it: no page number, no view id', () => {
    expect(viewQueryOf(WAYBILL_LIST, stateOf('statusIn=confirmed&pageNumber=3&view=4'))).toBe('statusIn=confirmed');
  });
});

describe('viewChanges', () => {
  const saved = view({});
  const shown = { query: 'statusIn=confirmed&sort=-transportDate', columns: defaultColumns('waybills'), density: 'comfortable' as const };

  it('finds nothing when the page shows the view as saved, on any page of it', () => {
    expect(viewChanges(saved, shown)).toEqual([]);
    expect(viewChanges(saved, { ...shown, query: viewQueryOf(WAYBILL_LIST, stateOf(`${saved.query}&pageNumber=2&view=1`)) })).toEqual([]);
  });

  it('names a filter, sort or search that differs', () => {
    expect(viewChanges(saved, { ...shown, query: 'statusIn=confirmed&statusIn=delivered&sort=-transportDate' })).toEqual(['query']);
    expect(viewChanges(saved, { ...shown, query: 'statusIn=confirmed' })).toEqual(['query']);
    expect(viewChanges(saved, { ...shown, query: `${saved.query}&search=Paide` })).toEqual(['query']);
  });

  it('names columns in another order or another set, and the density', () => {
    const [first, second, ...rest] = defaultColumns('waybills');
    expect(viewChanges(saved, { ...shown, columns: [second!, first!, ...rest] })).toEqual(['columns']);
    expect(viewChanges(saved, { ...shown, columns: [...defaultColumns('waybills'), 'mileage'], density: 'compact' })).toEqual([
      'columns',
      'density',
    ]);
  });
});

describe('defaultViewOf', () => {
  it("is the caller's own default view, not the default another person set on a view they share", () => {
    const others = view({ id: 2, own: false, shared: true, isDefault: true });
    const mine = view({ id: 3, isDefault: true });
    expect(defaultViewOf([others])).toBeUndefined();
    expect(defaultViewOf([others, view({ id: 4 }), mine])).toBe(mine);
    expect(defaultViewOf(undefined)).toBeUndefined();
  });
});

describe('view links', () => {
  it("carry the view's query and its id, and read the id back", () => {
    const search = viewSearch(view({ id: 12 }));
    expect(search).toBe('statusIn=confirmed&sort=-transportDate&view=12');
    expect(viewIdOf(new URLSearchParams(search))).toBe(12);
    expect(viewIdOf(new URLSearchParams('view=abc'))).toBeUndefined();
    expect(viewIdOf(new URLSearchParams('view=-3'))).toBeUndefined();
  });

  it('tell a bare link (only the view) from one with the list state', () => {
    expect(isBareListSearch(new URLSearchParams('view=3'))).toBe(true);
    expect(isBareListSearch(new URLSearchParams(''))).toBe(true);
    expect(isBareListSearch(new URLSearchParams('view=3&statusIn=draft'))).toBe(false);
  });
});

describe('columns', () => {
  it("keep the list's known ids in their order, once each, and fall back to the defaults", () => {
    expect(layoutColumns('waybills', ['mileage', 'number', 'mileage', 'nope'])).toEqual(['mileage', 'number']);
    expect(layoutColumns('waybills', ['nope'])).toEqual(defaultColumns('waybills'));
    expect(layoutColumns('users', undefined)).toEqual(defaultColumns('users'));
  });

  it("pick a table's columns by id, in the ids' order", () => {
    const columns = [
      { id: 'a', header: 'A' },
      { id: 'b', header: 'B' },
      { id: 'c', header: <b>C</b> },
    ];
    expect(pickColumns(columns, ['c', 'a', 'x']).map((column) => column.id)).toEqual(['c', 'a']);
    expect(['a', 'c'].map(columnLabelOf(columns))).toEqual(['A', 'c']);
  });
});

describe('sortViews', () => {
  it('lists own views, then shared ones, each by name in the locale', () => {
    const views = [view({ id: 1, name: 'Öö' }), view({ id: 2, name: 'Zeta', own: false }), view({ id: 3, name: 'Aed' })];
    const { own, shared } = sortViews(views, 'et');
    expect(own.map((item) => item.name)).toEqual(['Aed', 'Öö']);
    expect(shared.map((item) => item.name)).toEqual(['Zeta']);
  });
});
