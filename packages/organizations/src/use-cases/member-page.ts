import { INVALID_QUERY_PARAMETERS, raise } from '@tend/kernel';
import { MEMBER_FILTER_VALUES_LIMIT, MEMBERS_PAGE_LIMIT } from '../config.js';
import {
  MEMBER_FILTER_FIELDS,
  MEMBER_FILTER_OPERATORS,
  MEMBER_SORT_FIELDS,
  type MemberFilter,
  type MemberFilterField,
  type MemberFilterOperator,
  type MemberPage,
  type MemberSortField,
  type MemberValueOperator,
} from '../ports.js';

export interface MemberPageInput {
  limit?: number | string;
  offset?: number | string;
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
  /** `role` or `userId`; needs a filterValue. */
  filterField?: string;
  /** One value; `in` and `not_in` take several (the query parameter repeated). */
  filterValue?: string | readonly string[];
  /** Default eq. */
  filterOperator?: string;
  /** Text the user's name or email contains (case-insensitive); empty: no search. */
  searchValue?: string;
}

/**
 * The page a listing asks for: limit 1..100 (default 100), offset from 0, sorted by one of the
 * member fields (default createdAt ascending, the indexed order), with an optional filter on a
 * member field and an optional search of the users. Anything else is a 400.
 */
export function memberPage(input: MemberPageInput, defaultLimit: number = MEMBERS_PAGE_LIMIT): MemberPage {
  const limit = whole(input.limit) ?? defaultLimit;
  const offset = whole(input.offset) ?? 0;
  if (limit < 1 || offset < 0) throw raise(INVALID_QUERY_PARAMETERS);
  const sortBy = input.sortBy ?? 'createdAt';
  if (!MEMBER_SORT_FIELDS.includes(sortBy as MemberSortField)) throw raise(INVALID_QUERY_PARAMETERS);
  const sortDirection = input.sortDirection ?? 'asc';
  if (sortDirection !== 'asc' && sortDirection !== 'desc') throw raise(INVALID_QUERY_PARAMETERS);
  const page: MemberPage = { limit: Math.min(limit, MEMBERS_PAGE_LIMIT), offset, sortBy: sortBy as MemberSortField, sortDirection };
  const filter = memberFilter(input);
  if (filter) page.filter = filter;
  if (input.searchValue) page.search = input.searchValue;
  return page;
}

/**
 * The filter asked for, or null when the query names none. A filter is a field and a value
 * (the operator defaults to eq): an operator or a value without a field, a field without a value,
 * an unknown field or operator, several values for a one-value operator, or none or more than
 * MEMBER_FILTER_VALUES_LIMIT for in / not_in, is a 400.
 */
function memberFilter(input: MemberPageInput): MemberFilter | null {
  const { filterField: field, filterValue: value, filterOperator } = input;
  if (field === undefined) {
    if (value !== undefined || filterOperator !== undefined) throw raise(INVALID_QUERY_PARAMETERS);
    return null;
  }
  if (value === undefined || !MEMBER_FILTER_FIELDS.includes(field as MemberFilterField)) throw raise(INVALID_QUERY_PARAMETERS);
  const operator = filterOperator ?? 'eq';
  if (!MEMBER_FILTER_OPERATORS.includes(operator as MemberFilterOperator)) throw raise(INVALID_QUERY_PARAMETERS);
  const on = field as MemberFilterField;
  if (operator === 'in' || operator === 'not_in') {
    const values = typeof value === 'string' ? [value] : [...value];
    if (values.length === 0 || values.length > MEMBER_FILTER_VALUES_LIMIT) throw raise(INVALID_QUERY_PARAMETERS);
    return { field: on, operator, value: values };
  }
  if (typeof value !== 'string') throw raise(INVALID_QUERY_PARAMETERS);
  return { field: on, operator: operator as MemberValueOperator, value };
}

/** A whole number from a query value, undefined when absent; a 400 for anything else. */
function whole(value: number | string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(number)) throw raise(INVALID_QUERY_PARAMETERS);
  return number;
}
