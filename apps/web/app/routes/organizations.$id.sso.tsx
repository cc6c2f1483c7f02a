// The organization's Single sign-on page (owners and admins): its identity providers, their
// domain verification, and per provider its Directory provisioning (SCIM): the base URL, when the
// token in force was made (GET /scim/list-tokens) and Generate SCIM token.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { AreaAnswer } from '../components/organizations/area-answer';
import { areaPath, useArea } from '../components/organizations/area';
import { TwoFactorRequired } from '../components/organizations/two-factor-required';
import type { ScimView } from '../components/sso/scim-provisioning';
import { SsoSection } from '../components/sso/sso-section';
import type { ActionResult } from '../lib/actions';
import { call } from '../lib/call.server';
import { formatUtc } from '../lib/format';
import { gateway, webOrigin } from '../lib/gateway.server';
import { isTwoFactorRefusal, loadArea, organizationAction } from '../lib/organization-area.server';
import { organizationSsoProviders, type SsoProviderView } from '../lib/sso.server';
import { routes } from '@tend/contracts';

export const meta: MetaFunction = () => [{ title: 'Single sign-on · Tend' }];

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const loaded = await loadArea(api, args);
  const scim: ScimView = { baseUrl: `${webOrigin(args.request)}/api/auth/scim/v2`, tokens: {} };
  const none = { providers: [] as SsoProviderView[], scim, allowed: false, blocked: false };
  if (!loaded.ok || loaded.area.blocked) return data(none, { headers: api.headers });
  const { organizationId, can } = loaded.area;
  if (!can.manageSso) return data(none, { status: 403, headers: api.headers });
  const [providers, tokens] = await Promise.all([organizationSsoProviders(api, organizationId), call(api, routes.listScimTokens, { organizationId })]);
  if (!tokens.ok && isTwoFactorRefusal(tokens.error)) return data({ ...none, blocked: true }, { headers: api.headers });
  if (tokens.ok) for (const t of tokens.data.tokens) scim.tokens[t.providerId] = { iso: t.createdAt, utc: formatUtc(t.createdAt) };
  return data({ providers, scim, allowed: true, blocked: false }, { headers: api.headers });
}

export const action = (args: ActionFunctionArgs) => organizationAction(args);

export default function SingleSignOn() {
  const { providers, scim, allowed, blocked } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { organization } = useArea();
  const back = `${areaPath(organization.id)}/sso`;
  if (blocked) return <TwoFactorRequired organizationName={organization.name} />;
  if (!allowed) {
    return (
      <section className="card" aria-labelledby="sso-title">
        <h2 id="sso-title">Single sign-on</h2>
        <p>Only owners and admins can manage single sign-on.</p>
      </section>
    );
  }
  return (
    <div className="org-stack">
      <AreaAnswer result={result} back={back} />
      <SsoSection providers={providers} scim={scim} result={result?.intent?.startsWith('sso') || result?.intent?.startsWith('scim:') ? result : undefined} back={back} />
    </div>
  );
}
