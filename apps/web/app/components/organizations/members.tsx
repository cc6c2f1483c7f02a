import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { ActionResult } from '../../lib/actions';
import { FormAlert, Notice, SubmitButton } from '../forms';
import { FreshSignInLink } from '../fresh-sign-in';
import { RoleSelect } from './fields';
import { roleLabel, type Abilities, type MemberView } from './model';

/** One page of the members list, as the Members page's loader answers it. */
export interface MembersPage {
  members: MemberView[];
  /** Every member that matches, whatever the page. */
  total: number;
  page: number;
  pages: number;
  query: string;
  role: string;
  /** Every role to filter by: built-in, then the organization's own. */
  roles: string[];
  /** The organization's own roles, offered in the role selects. */
  extraRoles: string[];
  showTwoFactor: boolean;
  pageSize: number;
  problem: string | null;
  blocked: boolean;
}

/** The search form: a plain GET, so it works without scripts and the address can be shared. */
export function MemberSearch({ page, path }: { page: MembersPage; path: string }) {
  return (
    <Form method="get" action={path} className="member-search" role="search" aria-label="Member search">
      <div className="field">
        <label htmlFor="member-search">Search members</label>
        <p id="member-search-hint" className="hint">
          By name or email.
        </p>
        <input id="member-search" name="q" type="search" defaultValue={page.query} autoComplete="off" spellCheck={false} aria-describedby="member-search-hint" />
      </div>
      <div className="field">
        <label htmlFor="member-role-filter">Role</label>
        <select id="member-role-filter" name="role" defaultValue={page.role}>
          <option value="">All roles</option>
          {page.roles.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
      </div>
      <div className="member-search__actions">
        <button type="submit" className="button button--secondary">
          Search
        </button>
        {page.query || page.role ? (
          <Link to={path} className="button button--quiet">
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** "Members 11–13 of 13", the page links, keeping the search. */
function Paging({ page, path }: { page: MembersPage; path: string }) {
  const link = (n: number) => {
    const search = new URLSearchParams();
    if (page.query) search.set('q', page.query);
    if (page.role) search.set('role', page.role);
    if (n > 1) search.set('page', String(n));
    const query = search.toString();
    return query ? `${path}?${query}` : path;
  };
  if (page.pages <= 1) return null;
  return (
    <nav className="member-paging" aria-label="Member pages">
      {page.page > 1 ? (
        <Link to={link(page.page - 1)} className="button button--secondary" rel="prev">
          Previous page
        </Link>
      ) : null}
      <span className="muted">
        Page {page.page} of {page.pages}
      </span>
      {page.page < page.pages ? (
        <Link to={link(page.page + 1)} className="button button--secondary" rel="next">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

/** What the list holds, in words: "3 members", "2 members match “sam”". */
function summary(page: MembersPage, shown: number): string {
  const noun = page.total === 1 ? 'member' : 'members';
  const filtered = page.query || page.role;
  const what = filtered
    ? `${page.total} ${noun} ${page.total === 1 ? 'matches' : 'match'}${page.query ? ` “${page.query}”` : ''}${page.role ? ` with the role ${roleLabel(page.role)}` : ''}`
    : `${page.total} ${noun}`;
  if (page.pages <= 1 || shown === 0) return `${what}.`;
  const first = (page.page - 1) * page.pageSize + 1;
  return `${what}. Showing ${first}–${first + shown - 1}.`;
}

interface MembersProps {
  page: MembersPage;
  can: Abilities;
  /** The action's answer, when this section's form sent it. */
  result?: ActionResult;
  back: string;
  /** The search form. */
  children?: ReactNode;
}

/** The members table: name, email, role; those allowed change roles and remove members. */
export function MembersSection({ page, can, result, back, children }: MembersProps) {
  const { members } = page;
  const actions = members.some((m) => m.removable);
  return (
    <section className="card" aria-labelledby="members-title">
      <div className="card__header">
        <h2 id="members-title">Members</h2>
        <p className="muted">
          {can.manageMembers
            ? 'Owners can do everything. Admins can do everything but delete the organization. Members take part without managing; roles you create grant what they list.'
            : 'Owners and admins look after the members.'}
        </p>
      </div>
      {children}
      {result?.done === 'role-saved' ? <Notice>{result.detail}</Notice> : null}
      {result?.done === 'member-removed' ? <Notice>{result.detail}</Notice> : null}
      <FormAlert errors={result?.errors}>
        <FreshSignInLink errors={result?.errors} back={back} />
      </FormAlert>
      {page.problem ? (
        <div role="alert" className="alert alert--error">
          <p>{page.problem}</p>
        </div>
      ) : null}
      <p className="member-total" role="status">
        {summary(page, members.length)}
      </p>
      {members.length === 0 ? (
        <p className="muted">{page.query || page.role ? 'No member matches. Try another name, email or role.' : 'No members to show.'}</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="Members table" tabIndex={0}>
          {/* Explicit roles: on small screens the rows are laid out as blocks, which may drop implicit table semantics. */}
          <table className="org-table" role="table">
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">Name</th>
                <th scope="col" role="columnheader">Email</th>
                <th scope="col" role="columnheader">Role</th>
                {page.showTwoFactor ? <th scope="col" role="columnheader">Two-factor</th> : null}
                {actions ? (
                  <th scope="col" role="columnheader">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {members.map((member) => (
                <tr key={member.id} role="row">
                  <th scope="row" role="rowheader" className="org-table__name">
                    {member.name}
                    {member.isMe ? <span className="badge badge--current">You</span> : null}
                  </th>
                  <td role="cell" className="org-table__email">{member.email}</td>
                  <td role="cell" className="org-table__role">
                    {member.manageable ? (
                      <Form method="post" className="role-form" key={`${member.id}:${member.role}`}>
                        <input type="hidden" name="memberId" value={member.id} />
                        <input type="hidden" name="memberName" value={member.name} />
                        <RoleSelect id={`role-${member.id}`} label={`Role of ${member.name}`} hiddenLabel defaultValue={member.role} allowOwner={can.manageOwners} extraRoles={page.extraRoles} />
                        <SubmitButton intent={`save-role:${member.id}`} pendingText="Saving…" variant="secondary">
                          <span>
                            Save role<span className="visually-hidden"> of {member.name}</span>
                          </span>
                        </SubmitButton>
                      </Form>
                    ) : (
                      member.roleLabel
                    )}
                  </td>
                  {page.showTwoFactor ? (
                    <td role="cell" className="org-table__two-factor">
                      {member.twoFactor ? 'On' : <span className="badge badge--wait">Off</span>}
                    </td>
                  ) : null}
                  {actions ? (
                    <td role="cell" className="org-table__actions">
                      {member.removable ? (
                        <Form method="post">
                          <input type="hidden" name="memberId" value={member.id} />
                          <input type="hidden" name="memberName" value={member.name} />
                          <SubmitButton intent={`remove-member:${member.id}`} pendingText="Removing…" variant="quiet">
                            <span>
                              Remove<span className="visually-hidden"> {member.name}</span>
                            </span>
                          </SubmitButton>
                        </Form>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Paging page={page} path={back} />
    </section>
  );
}
