import { LIMITS, LISTS, WAYBILL_LIST, WORKLOG_LIST, type ListContract } from '@timberlog/contract';

import { parseListQuery, serializeListQuery, toListParams, type ListState } from './codec';

const parse = (query: string, contract: ListContract = WAYBILL_LIST) => parseListQuery(contract, new URLSearchParams(query));

describe('list query codec', () => {
  it('round-trips a full waybill view through the URL', () => {
    const state: ListState<typeof WAYBILL_LIST> = {
      filters: {
        statusIn: ['draft', 'confirmed'],
        transportDateAfter: '2026-11-01',
        transportDateBefore: '2026-11-30',
        origin: ['ORIG-1'],
        driverName: 'Jaan Tamm',
        createdAfter: '2026-10-01',
      },
      search: 'spruce',
      sort: ['-transportDate', 'number'],
      pageNumber: 3,
      pageSize: 50,
    };
    const url = serializeListQuery(WAYBILL_LIST, state).toString();
    expect(url).toContain('statusIn=draft&statusIn=confirmed');
    expect(url).toContain('sort=-transportDate%2Cnumber');
    const parsed = parse(url);
    expect(parsed.ignored).toEqual([]);
    expect(parsed.state).toEqual(state);
  });

  it('leaves defaults out of the URL', () => {
    expect(serializeListQuery(WAYBILL_LIST, parse('').state).toString()).toBe('');
    expect(parse('').state).toEqual({ filters: {}, search: '', sort: [], pageNumber: 1, pageSize: 25 });
  });

  it('drops malformed values and says which', () => {
    const { state, ignored } = parse(
      'statusIn=draft&statusIn=lost&transportDateAfter=2026-02-30&transportDateBefore=yesterday&mileage=abc&colour=red&sort=-nope,number&pageNumber=-3',
    );
    expect(state.filters).toEqual({ statusIn: ['draft'] });
    expect(state.sort).toEqual(['number']);
    expect(state.pageNumber).toBe(1);
    expect(ignored).toEqual(
      expect.arrayContaining([
        { name: 'statusIn', value: 'lost', reason: 'invalid' },
        { name: 'transportDateAfter', value: '2026-02-30', reason: 'invalid' },
        { name: 'transportDateBefore', value: 'yesterday', reason: 'invalid' },
        { name: 'mileage', value: 'abc', reason: 'invalid' },
        { name: 'colour', value: 'red', reason: 'unknown' },
        { name: 'sort', value: '-nope', reason: 'invalid' },
        { name: 'pageNumber', value: '-3', reason: 'invalid' },
      ]),
    );
    expect(ignored).toHaveLength(7);
  });

  it('clamps the page size to one the screens offer', () => {
    expect(parse('pageSize=9999')).toMatchObject({ state: { pageSize: 100 }, ignored: [{ name: 'pageSize', reason: 'clamped' }] });
    expect(parse('pageSize=7').state.pageSize).toBe(10);
    expect(parse('pageSize=0').state.pageSize).toBe(25);
    expect(parse('pageSize=ten').state.pageSize).toBe(25);
    expect(parse('pageSize=50').ignored).toEqual([]);
  });

  it('never throws on strange input', () => {
    for (const query of ['%E0%A4%A', 'sort=,,,', 'statusIn=', 'pageNumber=1e9', 'search=' + 'x'.repeat(500), '__proto__=1&constructor=2']) {
      expect(() => parse(query)).not.toThrow();
    }
    expect(parse('search=' + 'x'.repeat(500)).state.search).toHaveLength(200);
    expect(parse('__proto__=1').ignored).toEqual([{ name: '__proto__', value: '1', reason: 'unknown' }]);
  });

  it('reads comma-separated enum lists and drops repeated sort fields', () => {
    expect(parse('statusIn=draft,confirmed&statusIn=draft').state.filters).toEqual({ statusIn: ['draft', 'confirmed'] });
    expect(parse('sort=number,-number').state.sort).toEqual(['number']);
  });

  it('accepts dates and timestamps on timestamp filters, only dates on date filters', () => {
    expect(parse('timestampAfter=2026-11-01T08:00:00Z&timestampBefore=2026-11-02', WORKLOG_LIST).state.filters).toEqual({
      timestampAfter: '2026-11-01T08:00:00Z',
      timestampBefore: '2026-11-02',
    });
    expect(parse('transportDateAfter=2026-11-01T08:00:00Z').state.filters).toEqual({});
  });

  it('gives the list call typed parameters', () => {
    const { state } = parse('warehouse=3&warehouse=x&actionIn=loading&sort=-timestamp', WORKLOG_LIST);
    expect(toListParams(WORKLOG_LIST, state)).toEqual({
      warehouse: [3],
      actionIn: ['loading'],
      sort: ['-timestamp'],
      pageNumber: 1,
      pageSize: 25,
    });
    const users = parseListQuery(LISTS.users, new URLSearchParams('isStaff=true&isStaffIn=false'));
    expect(toListParams(LISTS.users, users.state)).toMatchObject({ isStaff: true, isStaffIn: [false] });
  });

  it('keeps parameters the page names as its own out of the notice', () => {
    const parsed = parseListQuery(WAYBILL_LIST, new URLSearchParams('tab=2'), { otherParams: ['tab'] });
    expect(parsed.ignored).toEqual([]);
  });

  it("a filter value with a comma is taken whole; only the contract's comma-separated filters split", () => {
    expect(parse('workerName=Tamm,%20Jaan&actionIn=loading,unloading', WORKLOG_LIST).state.filters).toEqual({
      workerName: ['Tamm, Jaan'],
      actionIn: ['loading', 'unloading'],
    });
  });

  it('drops what the server refuses (negative or fractional numbers, timestamps without a time zone) and says so', () => {
    const { state, ignored } = parse('mileageMin=-5&mileageMax=1.5&mileage=-3&driverName=Jaan');
    expect(state.filters).toEqual({ driverName: 'Jaan' });
    expect(ignored).toEqual([
      { name: 'mileageMin', value: '-5', reason: 'invalid' },
      { name: 'mileageMax', value: '1.5', reason: 'invalid' },
      { name: 'mileage', value: '-3', reason: 'invalid' },
    ]);
    const stamps = parse(
      'timestampAfter=2026-11-01T08:00&timestampBefore=2026-11-02T08:00:00%2B02:00&createdAfter=2026-11-01T08:00:00',
      WORKLOG_LIST,
    );
    expect(stamps.state.filters).toEqual({ timestampBefore: '2026-11-02T08:00:00+02:00' });
    expect(stamps.ignored.map((item) => item.name)).toEqual(['timestampAfter', 'createdAfter']);
    // Bounds: numbers up to the database's integer, exact dates on date fields, no NUL.
    expect(parse('mileageMin=0&mileageMax=2147483647').state.filters).toEqual({ mileageMin: '0', mileageMax: '2147483647' });
    expect(parse('mileageMax=2147483648&transportDate=tomorrow&driverName=a%00b').state.filters).toEqual({});
  });

  it("the list kit's boundaries: page 0, a page above the maximum, a filter value over its length limit", () => {
    expect(parse('pageNumber=0')).toMatchObject({
      state: { pageNumber: 1 },
      ignored: [{ name: 'pageNumber', value: '0', reason: 'invalid' }],
    });
    expect(parse('pageNumber=0').ignored).toHaveLength(1);
    expect(parse('pageNumber=1').ignored).toEqual([]);
    expect(parse(`pageNumber=${LIMITS.pageNumberMax}`)).toMatchObject({ state: { pageNumber: LIMITS.pageNumberMax }, ignored: [] });
    const above = parse(`pageNumber=${LIMITS.pageNumberMax + 1}`);
    expect(above.state.pageNumber).toBe(LIMITS.pageNumberMax);
    expect(above.ignored).toEqual([{ name: 'pageNumber', value: String(LIMITS.pageNumberMax + 1), reason: 'clamped' }]);
    const longest = 'a'.repeat(LIMITS.filterTextMaxLength);
    expect(parse(`driverName=${longest}`)).toMatchObject({ state: { filters: { driverName: longest } }, ignored: [] });
    const over = parse(`driverName=${longest}a`);
    expect(over.state.filters).toEqual({});
    expect(over.ignored).toEqual([{ name: 'driverName', value: `${longest}a`, reason: 'invalid' }]);
  });
});
