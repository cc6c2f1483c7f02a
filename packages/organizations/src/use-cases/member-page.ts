import { INVALID_QUERY_PARAMETERS, raise } from '@tend/kernel';
import { MEMBERS_PAGE_LIMIT } from '../config.js';
import { MEMBER_SORT_FIELDS, type MemberPage, type MemberSortField } from '../ports.js';

export interface MemberPageInput {
  limit?: number | string;
  offset?: number | string;
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
}

/**
 * The page a listing asks for: limit 1..100 (default 100), offset from 0, sorted by one of the
 * member fields (default createdAt ascending, the indexed order). Anything else is a 400.
 */
export function memberPage(input: MemberPageInput, defaultLimit: number = MEMBERS_PAGE_LIMIT): MemberPage {
  const limit = whole(input.limit) ?? defaultLimit;
  const offset = whole(input.offset) ?? 0;
  if (limit < 1 || offset < 0) throw raise(INVALID_QUERY_PARAMETERS);
  const sortBy = input.sortBy ?? 'createdAt';
  if (!MEMBER_SORT_FIELDS.includes(sortBy as MemberSortField)) throw raise(INVALID_QUERY_PARAMETERS);
  const sortDirection = input.sortDirection ?? 'asc';
  if (sortDirection !== 'asc' && sortDirection !== 'desc') throw raise(INVALID_QUERY_PARAMETERS);
  return { limit: Math.min(limit, MEMBERS_PAGE_LIMIT), offset, sortBy: sortBy as MemberSortField, sortDirection };
}

/** A whole number from a query value, undefined when absent; a 400 for anything else. */
function whole(value: number | string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(number)) throw raise(INVALID_QUERY_PARAMETERS);
  return number;
}
