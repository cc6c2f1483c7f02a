import { pageLimit, pageOffset, userListQuery } from './user-list-query.js';

const invalid = { status: 400, code: 'VALIDATION_ERROR' };

describe('userListQuery', () => {
  it('defaults to no search, no filter, newest first, 100 per page', () => {
    expect(userListQuery({})).toEqual({ search: null, filter: null, sort: { field: 'createdAt', direction: 'desc' }, after: null, limit: 100, offset: 0 });
  });

  it('searches email with contains unless told otherwise', () => {
    expect(userListQuery({ searchValue: 'ada' }).search).toEqual({ field: 'email', operator: 'contains', value: 'ada' });
    expect(userListQuery({ searchValue: 'Ada', searchField: 'name', searchOperator: 'starts_with' }).search).toEqual({ field: 'name', operator: 'starts_with', value: 'Ada' });
    expect(userListQuery({ searchValue: '' }).search).toBeNull();
  });

  it('sorts ascending by a named column unless told otherwise', () => {
    expect(userListQuery({ sortBy: 'name' }).sort).toEqual({ field: 'name', direction: 'asc' });
    expect(userListQuery({ sortBy: 'email', sortDirection: 'desc' }).sort).toEqual({ field: 'email', direction: 'desc' });
  });

  it('clamps limit to 1..100 and offset to 0 or more, reading strings', () => {
    expect(pageLimit('20')).toBe(20);
    expect(pageLimit(1000)).toBe(100);
    expect(pageLimit('0')).toBe(100);
    expect(pageLimit('abc')).toBe(100);
    expect(pageOffset('40')).toBe(40);
    expect(pageOffset(-3)).toBe(0);
    expect(pageOffset(undefined)).toBe(0);
  });

  it('reads the filter value as the column\'s kind, eq and email by default', () => {
    expect(userListQuery({ filterValue: 'Ada@Example.com' }).filter).toEqual({ field: 'email', operator: 'eq', value: 'ada@example.com' });
    expect(userListQuery({ filterField: 'banned', filterValue: 'true' }).filter?.value).toBe(true);
    expect(userListQuery({ filterField: 'banned', filterValue: false }).filter?.value).toBe(false);
    expect(userListQuery({ filterField: 'age', filterValue: '42', filterOperator: 'gte' }).filter).toEqual({ field: 'age', operator: 'gte', value: 42 });
    expect(userListQuery({ filterField: 'createdAt', filterValue: '2026-01-01T00:00:00.000Z', filterOperator: 'lt' }).filter?.value).toEqual(new Date(Date.UTC(2026, 0, 1)));
    expect(userListQuery({ filterField: 'role', filterValue: 'adm', filterOperator: 'contains' }).filter).toEqual({ field: 'role', operator: 'contains', value: 'adm' });
  });

  it.each([
    [{ sortBy: 'password' }],
    [{ sortBy: 'stripeCustomerId' }],
    [{ filterField: 'password', filterValue: 'x' }],
    [{ filterField: 'banned', filterValue: 'yes' }],
    [{ filterField: 'banned', filterValue: 'true', filterOperator: 'lt' as const }],
    [{ filterField: 'age', filterValue: 'old' }],
    [{ filterField: 'age', filterValue: 1.5 }],
    [{ filterField: 'age', filterValue: 2 ** 40 }],
    [{ filterField: 'createdAt', filterValue: 'yesterday' }],
    [{ filterField: 'createdAt', filterValue: 'x', filterOperator: 'contains' as const }],
    [{ filterField: 'notification', filterValue: 'sometimes' }],
    [{ searchValue: 'x', searchField: 'role' as never }],
    [{ searchValue: 'x', searchOperator: 'like' as never }],
    [{ sortDirection: 'sideways' as never }],
  ])('answers 400 VALIDATION_ERROR (query) for %j', (input) => {
    expect(() => userListQuery(input)).toThrow(expect.objectContaining(invalid));
  });
});
