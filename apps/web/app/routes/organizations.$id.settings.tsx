// The organization's Settings page: name and slug and the two-factor policy (those who may update
// the organization), which members have no second factor (owners and admins), leaving, and
// deleting it (owners).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { AreaAnswer } from '../components/organizations/area-answer';
import { areaPath, useArea } from '../components/organizations/area';
import { DeleteSection, LeaveSection, SettingsSection } from '../components/organizations/settings';
import { TwoFactorPolicySection, type TwoFactorPolicyView } from '../components/organizations/two-factor-policy';
import type { ActionResult } from '../lib/actions';
import { call } from '../lib/call.server';
import { gateway } from '../lib/gateway.server';
import { loadArea, organizationAction, requiresTwoFactor, twoFactorOf } from '../lib/organization-area.server';
import { routes } from '@tend/contracts';
import type { GatewayClient } from '../lib/gateway.server';

export const meta: MetaFunction = () => [{ title: 'Organization settings · Tend' }];

const PAGE = 100;
const MAX_PAGES = 10;

/** The members without a second factor, a page of 100 at a time (owners and admins are answered it). */
async function withoutTwoFactor(api: GatewayClient, organizationId: string): Promise<{ without: TwoFactorPolicyView['without']; partial: boolean }> {
  const without: NonNullable<TwoFactorPolicyView['without']> = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await call(api, routes.listMembers, { organizationId, limit: PAGE, offset: page * PAGE, sortBy: 'createdAt', sortDirection: 'asc' });
    if (!r.ok) return { without: null, partial: false };
    if (r.data.members.some((m) => twoFactorOf(m) === undefined)) return { without: null, partial: false };
    for (const m of r.data.members) if (twoFactorOf(m) === false) without.push({ id: m.id, name: m.user.name, email: m.user.email });
    if ((page + 1) * PAGE >= r.data.total) return { without, partial: false };
  }
  return { without, partial: true };
}

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const loaded = await loadArea(api, args);
  const policy: TwoFactorPolicyView = { required: false, mine: false, canChange: false, without: null, partial: false };
  if (!loaded.ok) return data({ policy }, { headers: api.headers });
  const { organization, session, can, blocked } = loaded.area;
  policy.required = requiresTwoFactor(organization);
  policy.mine = session.user.twoFactorEnabled === true;
  policy.canChange = can.updateOrganization;
  if (can.seeTwoFactor && !blocked) Object.assign(policy, await withoutTwoFactor(api, organization.id));
  return data({ policy }, { headers: api.headers });
}

export const action = (args: ActionFunctionArgs) => organizationAction(args);

export default function Settings() {
  const { policy } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { organization, can, soleOwner } = useArea();
  const back = `${areaPath(organization.id)}/settings`;
  const answered = (intent: string) => (result?.intent === intent ? result : undefined);
  return (
    <div className="org-stack">
      <AreaAnswer result={result} back={back} />
      {can.updateOrganization ? <SettingsSection organization={organization} result={answered('settings')} back={back} /> : null}
      <TwoFactorPolicySection policy={policy} result={answered('two-factor')} back={back} />
      <LeaveSection organizationName={organization.name} soleOwner={soleOwner} result={answered('leave')} back={back} />
      {can.deleteOrganization ? <DeleteSection organizationName={organization.name} result={answered('delete')} back={back} /> : null}
    </div>
  );
}
