// The organization's Teams page: its teams; those allowed create, rename and remove them.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { AreaAnswer } from '../components/organizations/area-answer';
import { areaPath, useArea } from '../components/organizations/area';
import type { TeamView } from '../components/organizations/model';
import { TeamsSection } from '../components/organizations/teams';
import type { ActionResult } from '../lib/actions';
import { gateway } from '../lib/gateway.server';
import { loadArea, organizationAction } from '../lib/organization-area.server';

export const meta: MetaFunction = () => [{ title: 'Teams · Tend' }];

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const loaded = await loadArea(api, args);
  if (!loaded.ok || loaded.area.blocked) return data({ teams: [] as TeamView[] }, { headers: api.headers });
  const { organization, session } = loaded.area;
  const me = organization.members.find((m) => m.userId === session.user.id);
  const teams: TeamView[] = organization.teams.map((t) => {
    const keepReason = me?.teamId === t.id ? "Your own team can't be removed." : organization.teams.length === 1 ? 'An organization keeps at least one team.' : null;
    return { id: t.id, name: t.name, removable: keepReason === null, keepReason };
  });
  return data({ teams }, { headers: api.headers });
}

export const action = (args: ActionFunctionArgs) => organizationAction(args);

export default function Teams() {
  const { teams } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { organization, can } = useArea();
  const back = `${areaPath(organization.id)}/teams`;
  return (
    <div className="org-stack">
      <AreaAnswer result={result} back={back} />
      <TeamsSection
        teams={teams}
        canManage={can.manageTeams}
        result={result?.intent === 'teams' ? result : undefined}
        createResult={result?.intent === 'create-team' ? result : undefined}
        back={back}
      />
    </div>
  );
}
