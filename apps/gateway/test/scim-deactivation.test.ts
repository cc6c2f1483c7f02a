// A directory's deactivation (PATCH active:false, or DELETE) ends a provisioned user's access at
// once — every session, every API key — and no sign-in gives them a session until `active: true`
// (issue 32, docs/scim.md: a deactivation is a ban with SCIM's reason).
import { cookiesOf } from './harness/cookies.js';
import { BANNED, BASE, ORIGIN, getSession, magicLinkTo, newUser, organizationWithProvider, requestLink, scim, scimTokenFor, scimUserBody, freshEmail, signInAdmin, adminPost, startGateway, type MailTestGateway } from './harness/index.js';
import { TOKENS } from '../src/tokens.js';

describe('SCIM deactivation', () => {
  let gateway: MailTestGateway;
  let organizationId: string;
  let token: string;
  const db = () => gateway.container.get(TOKENS.Database);

  beforeAll(async () => {
    gateway = await startGateway({}, { mail: true });
    const owner = await newUser(gateway, 'Owner');
    const setup = await organizationWithProvider(owner);
    organizationId = setup.organization.id;
    token = await scimTokenFor(owner, setup.providerId, organizationId);
  });
  afterAll(() => gateway.close());

  /** Signs the address in by a mailed link: the session cookie, or the refusal. */
  const signInByLink = async (email: string) => {
    await requestLink(gateway, { email }).expect(200);
    // Without its callbackURL the link answers JSON: 200 with the session cookie, or the error.
    return gateway.http.get((await magicLinkTo(gateway, email)).replace(/&callbackURL=[^&]*/, ''));
  };
  const provisioned = async () => {
    const email = freshEmail('nurse');
    const created = await scim(gateway, token, 'post', '/Users', scimUserBody(email)).expect(201);
    const signedIn = await signInByLink(email);
    expect(signedIn.status).toBe(200);
    const cookie = cookiesOf(signedIn);
    const key = (await gateway.http.post(`${BASE}/api-key/create`).set('Cookie', cookie).set('Origin', ORIGIN).send({ name: 'ci' }).expect(200)).body.key as string;
    return { email, id: created.body.id as string, cookie, key };
  };
  const withKey = (key: string) => gateway.http.get(`${BASE}/get-session`).set('x-api-key', key);

  it('PATCH active:false ends every session and API key at once, refuses sign-in until active:true', async () => {
    const user = await provisioned();
    expect((await getSession(gateway, user.cookie)).body).toMatchObject({ user: { id: user.id } });
    await withKey(user.key).expect(200);

    const off = await scim(gateway, token, 'patch', `/Users/${user.id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', value: { active: false } }] }).expect(200);
    expect(off.body).toMatchObject({ id: user.id, active: false });
    expect((await getSession(gateway, user.cookie)).body).toBeNull();
    expect((await withKey(user.key).expect(401)).body).toMatchObject({ code: 'INVALID_API_KEY' });
    expect(await db().session.count({ where: { userId: user.id } })).toBe(0);
    const refused = await signInByLink(user.email);
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: BANNED });
    expect(refused.headers['set-cookie']).toBeUndefined();

    // Entra ID's form: the path named, the value a string.
    await scim(gateway, token, 'patch', `/Users/${user.id}`, { Operations: [{ op: 'Replace', path: 'active', value: 'True' }] }).expect(200);
    expect(await db().member.findFirst({ where: { organizationId, userId: user.id } })).toMatchObject({ role: 'member' });
    expect((await signInByLink(user.email)).status).toBe(200);
  });

  it('PUT active:false deactivates too', async () => {
    const user = await provisioned();
    await scim(gateway, token, 'put', `/Users/${user.id}`, scimUserBody(user.email, { active: false })).expect(200);
    expect((await getSession(gateway, user.cookie)).body).toBeNull();
    expect((await signInByLink(user.email)).status).toBe(403);
  });

  it('DELETE ends sessions and keys, removes the membership and refuses sign-in', async () => {
    const user = await provisioned();
    await scim(gateway, token, 'delete', `/Users/${user.id}`).expect(204);
    expect((await getSession(gateway, user.cookie)).body).toBeNull();
    await withKey(user.key).expect(401);
    expect(await db().member.findFirst({ where: { organizationId, userId: user.id } })).toBeNull();
    expect((await signInByLink(user.email)).status).toBe(403);
  });

  it("active:true never lifts an administrator's ban", async () => {
    const user = await provisioned();
    const admin = await signInAdmin(gateway);
    await adminPost(gateway, 'ban-user', admin.cookie, { userId: user.id, banReason: 'Spam' }).expect(200);
    await scim(gateway, token, 'patch', `/Users/${user.id}`, { Operations: [{ op: 'replace', path: 'active', value: false }] }).expect(200);
    await scim(gateway, token, 'patch', `/Users/${user.id}`, { Operations: [{ op: 'replace', path: 'active', value: true }] }).expect(200);
    expect(await db().user.findUnique({ where: { id: user.id } })).toMatchObject({ banned: true, banReason: 'Spam' });
  });

  it('creates a user inactive when the directory says so: no membership, no sign-in', async () => {
    const email = freshEmail('inactive');
    const created = await scim(gateway, token, 'post', '/Users', scimUserBody(email, { active: false })).expect(201);
    expect(created.body.active).toBe(false);
    expect(await db().member.findFirst({ where: { organizationId, userId: created.body.id } })).toBeNull();
    expect((await signInByLink(email)).status).toBe(403);
  });
});
