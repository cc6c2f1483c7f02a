// A directory's deactivation on one instance ends the user's session on another at once (issue
// 32): two gateways on one database and one Redis, the cookie cache on.
import { cookiesOf, getSession, newUser, organizationWithProvider, outboxOf, scim, scimTokenFor, scimUserBody, freshEmail, startInstances, type Instances } from './harness/index.js';

describe.each(['database', 'redis'] as const)('SCIM deactivation across two instances, session storage %s', (storage) => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await startInstances({ storage });
  });
  afterAll(() => instances.close());

  it('PATCH active:false on A: get-session on B answers null at once', async () => {
    const { a, b } = instances;
    const owner = await newUser(a, 'Owner');
    const { organization, providerId } = await organizationWithProvider(owner);
    const token = await scimTokenFor(owner, providerId, organization.id);
    const email = freshEmail('nurse');
    const { body } = await scim(a, token, 'post', '/Users', scimUserBody(email)).expect(201);
    // Signed in on B by a mailed link (from B's development outbox), the cookie cache on.
    await b.http.post('/api/auth/sign-in/magic-link').send({ email }).expect(200);
    const url = new URL((await outboxOf(b, email)).find((mail) => mail.purpose === 'magic-link')!.links[0]!);
    url.searchParams.delete('callbackURL');
    const signedIn = await b.http.get(`${url.pathname}${url.search}`).expect(200);
    const cookie = cookiesOf(signedIn);
    expect(cookie).toMatch(/tend\.session_data=/);
    expect((await getSession(b, cookie)).body).toMatchObject({ user: { id: body.id } });
    await scim(a, token, 'patch', `/Users/${body.id}`, { Operations: [{ op: 'replace', path: 'active', value: false }] }).expect(200);
    expect((await getSession(b, cookie)).body).toBeNull();
  });
});
