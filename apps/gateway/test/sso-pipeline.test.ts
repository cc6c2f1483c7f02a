// SSO on the one sign-in pipeline: a throw-away challenge policy (a module of its own, as in
// sign-in-pipeline.test.ts) is asked by an SSO sign-in, which then ends at the web app's challenge
// page with no session until the challenge is answered.
import { createSamlIdp, generateSigningKeys } from '@tend/sso/testing';
import { MODULES } from '../src/index.js';
import { CookieJar, ORIGIN, markSsoDomainVerifiedWithoutDns, probeModule, probePolicy, SESSION_COOKIE, createOrganization, newUser, postToAcs, startGateway, startSso, type TestGateway } from './harness/index.js';

const WEB = 'http://localhost:4300';

const seen: string[][] = [];
/** Only SSO sign-ins are probed here: the owner signs up without a challenge. */
const ssoProbe = probeModule({
  name: 'probe',
  demand: async (proof) => {
    seen.push([proof.method, ...proof.factors]);
    return proof.method === 'sso' ? probePolicy.demand(proof) : null;
  },
});

let gateway: TestGateway;
afterAll(() => gateway?.close());

it('asks the challenge policies: the ACS ends at the challenge page, the session comes with the answer', async () => {
  gateway = await startGateway({ webURL: WEB }, { modules: [...MODULES, ssoProbe] });
  const idp = createSamlIdp({ keys: await generateSigningKeys() });
  const owner = await newUser(gateway, 'Owner');
  const organizationId = (await createOrganization(owner, 'Probe Clinic')).id;
  const registered = await owner.post('/sso/register', { providerId: 'probe-saml', issuer: 'https://tend.test/sp', domain: 'probe.example', organizationId, samlConfig: { entryPoint: idp.entryPoint, cert: idp.cert, idpMetadata: { entityID: idp.entityId } } });
  expect(registered.status).toBe(200);
  // Not about domain verification (sso-domain-verification.test.ts is).
  await markSsoDomainVerifiedWithoutDns(gateway, 'probe-saml');

  const url = await startSso(gateway, new CookieJar(), { email: 'pat@probe.example' });
  const browser = new CookieJar();
  const res = await postToAcs(gateway, 'probe-saml', await idp.respond(url.toString(), { nameID: 'pat@probe.example', email: 'pat@probe.example', givenName: 'Pat', surname: 'Probe' }), browser);
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe(`${WEB}/sign-in/probe?callbackURL=${encodeURIComponent('/welcome')}`);
  expect(seen).toContainEqual(['sso', 'sso']);
  expect(browser.has('tend.probe_challenge')).toBe(true);
  expect(browser.has(SESSION_COOKIE)).toBe(false);

  const answered = await gateway.http.post('/api/auth/probe/answer').set('Origin', ORIGIN).set('Cookie', browser.header).send({ answer: 'yes' });
  browser.store(answered);
  expect(answered.body).toEqual({ token: expect.any(String) });
  expect(browser.has(SESSION_COOKIE)).toBe(true);
});
