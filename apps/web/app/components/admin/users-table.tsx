// The users list of /admin: a table whose column headers sort it, and the page links under it.
// Everything is a link with the list's state in the URL, so it works without JavaScript and a
// page of results can be shared or reloaded.
import { Link } from '@remix-run/react';
import { LocalTime } from '../forms';
import { formatLocal } from '../../lib/format';
import { RoleBadge, StatusBadge } from './badges';
import { listHref, PAGE_SIZE, type ListParams, type SortColumn, type UserView } from './model';

const COLUMNS: { column: SortColumn; label: string; firstDir: 'asc' | 'desc' }[] = [
  { column: 'name', label: 'Name', firstDir: 'asc' },
  { column: 'email', label: 'Email', firstDir: 'asc' },
  { column: 'role', label: 'Role', firstDir: 'asc' },
  { column: 'status', label: 'Status', firstDir: 'desc' },
  { column: 'created', label: 'Created', firstDir: 'desc' },
];

function directionWords(column: SortColumn, dir: 'asc' | 'desc'): string {
  if (column === 'created') return dir === 'asc' ? 'oldest first' : 'newest first';
  if (column === 'status') return dir === 'asc' ? 'active first' : 'banned first';
  return dir === 'asc' ? 'A to Z' : 'Z to A';
}

/** A column header that sorts by its column: first click in the column's natural order, then reversed. */
function SortHeader({ params, column, label, firstDir }: { params: ListParams; column: SortColumn; label: string; firstDir: 'asc' | 'desc' }) {
  const active = params.sort === column;
  const next = active ? (params.dir === 'asc' ? 'desc' : 'asc') : firstDir;
  return (
    <th scope="col" aria-sort={active ? (params.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <Link
        to={listHref(params, { sort: column, dir: next, page: 1 })}
        className={active ? 'sort-link sort-link--active' : 'sort-link'}
        aria-label={`${label}, sort ${directionWords(column, next)}`}
        preventScrollReset
      >
        {label}
        <span className="sort-link__arrow" aria-hidden="true">
          {active ? (params.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </Link>
    </th>
  );
}

/** The table of one page of users. */
export function UsersTable({ users, params, viewerId }: { users: UserView[]; params: ListParams; viewerId: string }) {
  return (
    <div className="admin-table-scroll" role="region" aria-label="Users table" tabIndex={0}>
      <table className="admin-table">
        <caption className="visually-hidden">Users, sorted by {COLUMNS.find((c) => c.column === params.sort)?.label.toLowerCase()}, {directionWords(params.sort, params.dir)}</caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <SortHeader key={c.column} params={params} {...c} />
            ))}
            <th scope="col">Two-factor</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <th scope="row" className="admin-table__name">
                <Link to={`/admin/users/${encodeURIComponent(user.id)}`}>{user.name}</Link>
                {user.id === viewerId ? <span className="badge badge--current">You</span> : null}
              </th>
              <td className="admin-table__email">{user.email}</td>
              <td>
                <RoleBadge user={user} />
              </td>
              <td>
                <StatusBadge user={user} />
              </td>
              <td className="admin-table__date">
                <LocalTime iso={user.createdAt} utc={user.createdUtc} local={formatLocal} />
              </td>
              <td>{user.twoFactorEnabled ? 'On' : 'Off'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Showing 21–40 of 57 users", with Previous and Next. */
export function Pager({ params, total }: { params: ListParams; total: number }) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = total === 0 ? 0 : (params.page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, params.page * PAGE_SIZE);
  const previous = params.page > 1 ? listHref(params, { page: Math.min(params.page - 1, pages) }) : null;
  const next = params.page < pages ? listHref(params, { page: params.page + 1 }) : null;
  return (
    <nav aria-label="Pages of users" className="pager">
      <p className="pager__count" aria-live="polite">
        {total === 0 ? 'No users' : first > total ? `This page is past the end: ${total} ${total === 1 ? 'user' : 'users'} in all` : `Showing ${first}–${last} of ${total} ${total === 1 ? 'user' : 'users'}`}
        {pages > 1 ? <span className="muted"> · page {Math.min(params.page, pages)} of {pages}</span> : null}
      </p>
      {pages > 1 || params.page > 1 ? (
        <div className="pager__links">
          {previous ? (
            <Link to={previous} className="button button--secondary button--small" rel="prev">
              ← Previous
            </Link>
          ) : (
            <span className="button button--secondary button--small pager__off" aria-disabled="true">
              ← Previous
            </span>
          )}
          {next ? (
            <Link to={next} className="button button--secondary button--small" rel="next">
              Next →
            </Link>
          ) : (
            <span className="button button--secondary button--small pager__off" aria-disabled="true">
              Next →
            </span>
          )}
        </div>
      ) : null}
    </nav>
  );
}
