// The organization's Invitations page: invite someone (owners, admins, or a role that may) with a
// built-in or runtime role, and the invitations still waiting, which they may cancel.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { AreaAnswer } from '../components/organizations/area-answer';
import { areaPath, useArea } from '../components/organizations/area';
import { InviteSection, PendingInvitationsSection } from '../components/organizations/invitations';
import { roleLabel } from '../components/organizations/model';
import type { ActionResult } from '../lib/actions';
import { formatUtc } from '../lib/format';
import { gateway } from '../lib/gateway.server';
import { loadArea, organizationAction, runtimeRoles } from '../lib/organization-area.server';
import { isPending } from '../lib/organizations.server';

export const meta: MetaFunction = () => [{ title: 'Invitations · Tend' }];

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const loaded = await loadArea(api, args);
  if (!loaded.ok || loaded.area.blocked) return data({ invitations: [], roles: [] as string[] }, { headers: api.headers });
  const { organization, can } = loaded.area;
  const invitations = organization.invitations
    .filter((i) => isPending(i))
    .map((i) => ({ id: i.id, email: i.email, roleLabel: roleLabel(i.role), expiresAt: i.expiresAt, expiresUtc: formatUtc(i.expiresAt) }));
  const roles = can.invite && can.readRoles ? (await runtimeRoles(api, organization.id)).map((r) => r.role) : [];
  return data({ invitations, roles }, { headers: api.headers });
}

export const action = (args: ActionFunctionArgs) => organizationAction(args);

export default function Invitations() {
  const { invitations, roles } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { organization, can } = useArea();
  const back = `${areaPath(organization.id)}/invitations`;
  const answered = (intent: string) => (result?.intent === intent ? result : undefined);
  return (
    <div className="org-stack">
      <AreaAnswer result={result} back={back} />
      {can.invite ? <InviteSection allowOwner={can.manageOwners} extraRoles={roles} result={answered('invite')} back={back} /> : null}
      <PendingInvitationsSection invitations={invitations} canCancel={can.cancelInvitations} result={answered('invitations')} back={back} />
    </div>
  );
}
