import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { Notice } from '../components/forms';
import { AdminNav } from '../components/admin/admin-nav';
import { SearchField, SelectField } from '../components/admin/fields';
import { DEFAULT_PARAMS, listHref, readListParams, SEARCH_FIELDS, SEARCH_MATCHES, SHOW_CHOICES } from '../components/admin/model';
import { Pager, UsersTable } from '../components/admin/users-table';
import { failureStatus } from '../lib/actions';
import { describeAdminError, listUsersQuery, requireAdmin, SEARCH_REFUSED, userView } from '../lib/admin.server';
import { gateway } from '../lib/gateway.server';
import { call } from '../lib/call.server';
import adminStyles from '../styles/admin.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(adminStyles);

export const meta: MetaFunction = () => [{ title: 'Users · Admin · Tend' }];

const notices: Record<string, string> = {
  removed: 'The user has been removed, with their sessions and memberships.',
};

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const { user: me } = await requireAdmin(api, args.request);
  const url = new URL(args.request.url);
  const params = readListParams(url.searchParams);
  const notice = notices[url.searchParams.get('notice') ?? ''] ?? null;
  const result = await call(api, routes.listUsers, listUsersQuery(params));
  if (!result.ok) {
    const problem = result.error.code === 'VALIDATION_ERROR' ? SEARCH_REFUSED : (describeAdminError(result.error).form ?? 'Something went wrong. Please try again.');
    return data({ params, users: [], total: 0, problem, notice, viewerId: me.id }, { status: failureStatus(result.status), headers: api.headers });
  }
  const now = new Date();
  const users = result.data.users.map((u) => userView(u, now));
  return data({ params, users, total: result.data.total, problem: null, notice, viewerId: me.id }, { headers: api.headers });
}

export default function AdminUsers() {
  const { params, users, total, problem, notice, viewerId } = useLoaderData<typeof loader>();
  const filtered = params.q !== '' || params.show !== 'all';
  // The form's fields are keyed by the URL, so Back and the Clear link show what the list shows.
  const formKey = listHref(params);
  return (
    <div className="admin-page">
      <AdminNav />
      <div className="admin-page__intro">
        <p className="admin-eyebrow">Site administration</p>
        <h1>Users</h1>
        <p className="muted">Everyone with a Tend account. Open a person to see their devices and history, or to change their access.</p>
      </div>
      {notice ? <Notice>{notice}</Notice> : null}
      <section className="card admin-card" aria-labelledby="users-title">
        <h2 id="users-title" className="visually-hidden">
          All users
        </h2>
        <Form method="get" role="search" aria-label="Users" className="admin-filters" key={formKey}>
          <SearchField id="users-q" name="q" label="Search" defaultValue={params.q} placeholder="Part of an email or a name" className="admin-filters__search" />
          <SelectField id="users-field" name="field" label="Search in" choices={SEARCH_FIELDS} defaultValue={params.field} />
          <SelectField id="users-match" name="match" label="Match" choices={SEARCH_MATCHES} defaultValue={params.match} />
          <SelectField id="users-show" name="show" label="Show" choices={SHOW_CHOICES} defaultValue={params.show} />
          {params.sort !== DEFAULT_PARAMS.sort || params.dir !== DEFAULT_PARAMS.dir ? (
            <>
              <input type="hidden" name="sort" value={params.sort} />
              <input type="hidden" name="dir" value={params.dir} />
            </>
          ) : null}
          <div className="admin-filters__buttons">
            <button type="submit" className="button button--primary">
              Search
            </button>
            {filtered ? (
              <Link to={listHref({ ...DEFAULT_PARAMS, sort: params.sort, dir: params.dir })} className="button button--quiet">
                Clear
              </Link>
            ) : null}
          </div>
        </Form>
        {problem ? (
          <div role="alert" className="alert alert--error">
            <p>{problem}</p>
          </div>
        ) : null}
        {users.length > 0 ? (
          <UsersTable users={users} params={params} viewerId={viewerId} />
        ) : problem ? null : (
          <div className="admin-empty">
            <p>{total > 0 ? 'There are no users on this page.' : filtered ? 'No users match this search.' : 'There are no users yet.'}</p>
            {total > 0 ? <Link to={listHref(params, { page: 1 })}>Go to the first page</Link> : filtered ? <Link to="/admin">Show everyone</Link> : null}
          </div>
        )}
        {problem ? null : <Pager params={params} total={total} />}
      </section>
    </div>
  );
}
