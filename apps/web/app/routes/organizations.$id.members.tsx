// The organization's Members page: Search members by name or email, filter by role, a page at a
// time with the total (list-members: searchValue, filterField=role, limit/offset, total). Those
// allowed change roles (built-in and the organization's own) and remove members; owners and
// admins see whether each member has a second factor.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { AreaAnswer } from '../components/organizations/area-answer';
import { areaPath, useArea } from '../components/organizations/area';
import { MemberSearch, MembersSection, type MembersPage } from '../components/organizations/members';
import { roleLabel, ROLES, type MemberView } from '../components/organizations/model';
import { TwoFactorRequired } from '../components/organizations/two-factor-required';
import type { ActionResult } from '../lib/actions';
import { call } from '../lib/call.server';
import { gateway } from '../lib/gateway.server';
import { isTwoFactorRefusal, loadArea, manageableBy, organizationAction, runtimeRoles, twoFactorOf } from '../lib/organization-area.server';
import { organizationErrorMessage } from '../lib/organizations.server';
import { routes } from '@tend/contracts';

export const meta: MetaFunction = () => [{ title: 'Members · Tend' }];

/** Members per page. */
export const PAGE_SIZE = 10;

const empty: MembersPage = { members: [], total: 0, page: 1, pages: 1, query: '', role: '', roles: [], extraRoles: [], showTwoFactor: false, pageSize: PAGE_SIZE, problem: null, blocked: false };

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const loaded = await loadArea(api, args);
  if (!loaded.ok || loaded.area.blocked) return data(empty, { headers: api.headers });
  const { organization, session, can } = loaded.area;
  const search = new URL(args.request.url).searchParams;
  const query = (search.get('q') ?? '').trim().slice(0, 254);
  const role = (search.get('role') ?? '').trim().slice(0, 100);
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const extraRoles = can.readRoles ? (await runtimeRoles(api, organization.id)).map((r) => r.role) : [];
  const roles = [...ROLES, ...extraRoles.filter((r) => !(ROLES as readonly string[]).includes(r))];
  const r = await call(api, routes.listMembers, {
    organizationId: organization.id,
    searchValue: query || undefined,
    filterField: role ? 'role' : undefined,
    filterValue: role || undefined,
    sortBy: 'createdAt',
    sortDirection: 'asc',
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  if (!r.ok) {
    if (isTwoFactorRefusal(r.error)) return data({ ...empty, blocked: true }, { headers: api.headers });
    return data({ ...empty, query, role, roles, problem: organizationErrorMessage(r.error) }, { headers: api.headers });
  }
  const members: MemberView[] = r.data.members.map((m) => {
    const may = manageableBy(can, session.user.id, m);
    return {
      id: m.id,
      name: m.user.name,
      email: m.user.email,
      role: m.role,
      roleLabel: roleLabel(m.role),
      isMe: m.userId === session.user.id,
      manageable: may.changeRole,
      removable: may.remove,
      twoFactor: twoFactorOf(m) ?? null,
    };
  });
  const showTwoFactor = can.seeTwoFactor && r.data.members.some((m) => twoFactorOf(m) !== undefined);
  const pages = Math.max(1, Math.ceil(r.data.total / PAGE_SIZE));
  return data<MembersPage>({ members, total: r.data.total, page, pages, query, role, roles, extraRoles, showTwoFactor, pageSize: PAGE_SIZE, problem: null, blocked: false }, { headers: api.headers });
}

export const action = (args: ActionFunctionArgs) => organizationAction(args);

export default function Members() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { organization, can } = useArea();
  const back = `${areaPath(organization.id)}/members`;
  if (page.blocked) return <TwoFactorRequired organizationName={organization.name} />;
  return (
    <div className="org-stack">
      <AreaAnswer result={result} back={back} />
      <MembersSection page={page} can={can} result={result?.intent === 'members' ? result : undefined} back={back}>
        <MemberSearch page={page} path={back} />
      </MembersSection>
    </div>
  );
}
