// The organization's Roles page: the built-in roles and the organization's own with what each
// grants; those allowed (ac: create, update, delete) create, edit and delete its own roles. A
// role members still hold is not deleted, and the page says what to do instead.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { AreaAnswer } from '../components/organizations/area-answer';
import { areaPath, useArea } from '../components/organizations/area';
import { BUILT_IN_PERMISSIONS, ROLES } from '../components/organizations/model';
import { RoleForm, RolesSection, type RoleView } from '../components/organizations/roles';
import { TwoFactorRequired } from '../components/organizations/two-factor-required';
import type { ActionResult } from '../lib/actions';
import { call } from '../lib/call.server';
import { gateway } from '../lib/gateway.server';
import { isTwoFactorRefusal, loadArea, organizationAction } from '../lib/organization-area.server';
import { organizationErrorMessage } from '../lib/organizations.server';
import { routes } from '@tend/contracts';

export const meta: MetaFunction = () => [{ title: 'Roles · Tend' }];

const builtIn: RoleView[] = [...ROLES].reverse().map((name) => ({ id: null, name, permission: BUILT_IN_PERMISSIONS[name], builtIn: true, createdAt: null }));

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const loaded = await loadArea(api, args);
  const none = { roles: builtIn, problem: null as string | null, blocked: false };
  if (!loaded.ok || loaded.area.blocked) return data(none, { headers: api.headers });
  const r = await call(api, routes.listRoles, { organizationId: loaded.area.organizationId });
  if (!r.ok) {
    if (isTwoFactorRefusal(r.error)) return data({ ...none, blocked: true }, { headers: api.headers });
    return data({ ...none, problem: organizationErrorMessage(r.error) }, { status: r.status === 403 ? 403 : 200, headers: api.headers });
  }
  const own: RoleView[] = r.data.map((role) => ({ id: role.id, name: role.role, permission: role.permission, builtIn: false, createdAt: role.createdAt }));
  return data({ ...none, roles: [...builtIn, ...own] }, { headers: api.headers });
}

export const action = (args: ActionFunctionArgs) => organizationAction(args);

export default function Roles() {
  const { roles, problem, blocked } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const [search] = useSearchParams();
  const { organization, can } = useArea();
  const path = `${areaPath(organization.id)}/roles`;
  if (blocked) return <TwoFactorRequired organizationName={organization.name} />;
  const editing = can.updateRoles ? roles.find((role) => !role.builtIn && role.id === search.get('edit')) : undefined;
  const formResult = result?.intent === 'role-form' ? result : undefined;
  return (
    <div className="org-stack">
      <AreaAnswer result={result} back={path} />
      {problem ? (
        <div role="alert" className="alert alert--error">
          <p>{problem}</p>
        </div>
      ) : null}
      {editing ? <RoleForm editing={editing} result={formResult} path={`${path}?edit=${encodeURIComponent(editing.id ?? '')}`} back={path} /> : null}
      <RolesSection
        roles={roles}
        canEdit={can.updateRoles}
        canDelete={can.deleteRoles}
        path={path}
        result={result?.intent === 'roles' ? result : undefined}
        saved={search.get('saved')}
        back={path}
      />
      {can.createRoles && !editing ? <RoleForm result={formResult} path={path} back={path} /> : null}
    </div>
  );
}
