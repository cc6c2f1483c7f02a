// Issue 32 on the production cluster (two built gateways behind deploy/nginx.conf, one PostgreSQL
// database and Redis, the cookie cache on): a runtime role's change made through one instance
// applies to the very next request at the other (no per-process role cache, unlike better-auth's
// #9213), and a SCIM deactivation made through one ends the user's session at the other at once
// and refuses their next sign-in there.
import { startCluster, type Cluster, type Gateway } from '../harness/cluster';
import { call, CookieJar, newUser, type Answer } from '../harness/client';
import { nginxBinary } from '../harness/nginx';
import { hasCommand, psql } from '../harness/services';

const hasNginx = hasCommand(nginxBinary);
if (!hasNginx) console.warn(`Integration organization tests skipped: ${nginxBinary} is missing (apt-get install nginx).`);
const describeCluster = hasNginx ? describe : describe.skip;

describeCluster('organizations across two gateways (runtime roles, SCIM deactivation)', () => {
  let cluster: Cluster;
  let a: Gateway;
  let b: Gateway;
  let owner: { jar: CookieJar; id: string };
  let organizationId: string;

  /** A JSON call at one gateway as a browser of the site (its Origin) would make it. */
  const at = (gateway: Gateway, path: string, jar?: CookieJar, body?: unknown) => call(`${gateway.url}/api/auth${path}`, { jar, body, origin: cluster.url });
  const ok = (answer: Answer, status = 200) => {
    expect({ status: answer.status, body: answer.body }).toEqual({ status, body: answer.body });
    return answer.body;
  };
  /** Signs a new user up at `gateway`; answers its browser and id. */
  const signUp = async (gateway: Gateway, user = newUser()) => {
    const jar = new CookieJar();
    const body = ok(await at(gateway, '/sign-up/email', jar, user));
    return { jar, id: body.user.id as string, user };
  };

  beforeAll(async () => {
    cluster = await startCluster();
    [a, b] = cluster.gateways;
    owner = await signUp(a);
    const created = ok(await at(a, '/organization/create', owner.jar, { name: 'Cluster Clinic', slug: `cluster-clinic-${Date.now()}` }));
    organizationId = created.id;
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it("applies a runtime role's permission change made at A to the very next request at B", async () => {
    const check = (jar: CookieJar) => at(b, '/organization/has-permission', jar, { organizationId, permissions: { invitation: ['create'] } });
    const inviteAtB = (jar: CookieJar) => at(b, '/organization/invite-member', jar, { organizationId, email: `guest-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`, role: 'member' });

    ok(await at(a, '/organization/create-role', owner.jar, { organizationId, role: 'coach', permission: { invitation: ['create'] } }));
    const coach = await signUp(b);
    const invitation = ok(await at(a, '/organization/invite-member', owner.jar, { organizationId, email: coach.user.email, role: 'coach' }));
    ok(await at(b, '/organization/accept-invitation', coach.jar, { invitationId: invitation.id }));

    // B answers with the role as it stands, and serves the guarded route.
    expect(ok(await check(coach.jar))).toEqual({ success: true, error: null });
    ok(await inviteAtB(coach.jar));

    // Taken away at A: the next request at B is refused.
    ok(await at(a, '/organization/update-role', owner.jar, { organizationId, roleName: 'coach', data: { permission: { ac: ['read'] } } }));
    expect(ok(await check(coach.jar))).toEqual({ success: false, error: null });
    const refused = await inviteAtB(coach.jar);
    expect({ status: refused.status, code: refused.body?.code }).toEqual({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION' });

    // Given back at A: the next request at B is served again.
    ok(await at(a, '/organization/update-role', owner.jar, { organizationId, roleName: 'coach', data: { permission: { invitation: ['create'], ac: ['read'] } } }));
    expect(ok(await check(coach.jar))).toEqual({ success: true, error: null });
    ok(await inviteAtB(coach.jar));
  }, 120_000);

  it('ends at B, at once, the session of a user a SCIM PATCH active:false at A deactivates, and refuses their sign-in at B', async () => {
    // The organization's SSO provider (explicit endpoints: nothing is fetched) and its SCIM token, at A.
    const providerId = `cluster-idp-${Date.now()}`;
    ok(
      await at(a, '/sso/register', owner.jar, {
        providerId,
        issuer: 'https://idp.cluster.example',
        domain: 'cluster.example',
        organizationId,
        oidcConfig: { clientId: 'tend', clientSecret: 'cluster-secret', authorizationEndpoint: 'https://idp.cluster.example/auth', tokenEndpoint: 'https://idp.cluster.example/token', jwksEndpoint: 'https://idp.cluster.example/jwks' },
      }),
    );
    const { scimToken } = ok(await at(a, '/scim/generate-token', owner.jar, { providerId, organizationId }), 201);
    const scim = (method: string, path: string, body?: unknown) =>
      call(`${a.url}/api/auth/scim/v2${path}`, { method, body, headers: { authorization: `Bearer ${scimToken}`, ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }) } });

    // The directory provisions the nurse at A.
    const nurse = newUser();
    const provisioned = await scim('POST', '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: nurse.email, name: { givenName: 'Nina', familyName: 'Nurse' }, emails: [{ value: nurse.email, primary: true }], active: true });
    expect(provisioned.status).toBe(201);
    const nurseId = provisioned.body.id as string;
    // A provisioned account has no password; here it gets one (no mail service in this suite to
    // sign in by link): a fresh sign-up's password account, moved to the nurse in the database.
    const donor = await signUp(a);
    psql(`UPDATE "account" SET "userId" = '${nurseId}', "accountId" = '${nurseId}' WHERE "userId" = '${donor.id}' AND "providerId" = 'credential'`, cluster.database);

    // Signed in at B, the cookie cache on: B answers the session (from its cookie cache too).
    const browser = new CookieJar();
    const signedIn = await at(b, '/sign-in/email', browser, { email: nurse.email, password: donor.user.password });
    expect({ status: signedIn.status, id: signedIn.body?.user?.id }).toEqual({ status: 200, id: nurseId });
    expect(browser.cookies.has('tend.session_data')).toBe(true);
    expect((await at(b, '/get-session', browser)).body?.user?.id).toBe(nurseId);

    // Deactivated at A: the very next get-session at B (cookie cache and all) answers null.
    const patched = await scim('PATCH', `/Users/${nurseId}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'active', value: false }] });
    expect({ status: patched.status, active: patched.body?.active }).toEqual({ status: 200, active: false });
    const after = await at(b, '/get-session', browser);
    expect({ status: after.status, body: after.body }).toEqual({ status: 200, body: null });
    expect((await call(`${cluster.url}/api/auth/get-session`, { jar: browser })).body).toBeNull();

    // And B refuses the nurse's next sign-in.
    const again = await at(b, '/sign-in/email', new CookieJar(), { email: nurse.email, password: donor.user.password });
    expect({ status: again.status, code: again.body?.code }).toEqual({ status: 403, code: 'BANNED_USER' });

    // Reactivated at A: B signs them in again.
    expect((await scim('PATCH', `/Users/${nurseId}`, { Operations: [{ op: 'replace', path: 'active', value: true }] })).status).toBe(200);
    expect((await at(b, '/sign-in/email', new CookieJar(), { email: nurse.email, password: donor.user.password })).status).toBe(200);
  }, 120_000);
});
