// SCIM 2.0 provisioning over HTTP (issue 32, docs/scim.md): the token of an organization's SSO
// provider, the discovery documents, the Users of one organization and the RFC 7644 errors.
import { randomUUID } from 'node:crypto';
import { TOKENS } from '../src/tokens.js';
import { addMember, freshEmail, newUser, organizationWithProvider, scim, scimErrorBody, scimTokenFor, scimUserBody, SCIM_BASE, SCIM_USER_URN, startGateway, BASE, ORIGIN, type Client, type TestGateway } from './harness/index.js';

describe('SCIM 2.0 provisioning', () => {
  let gateway: TestGateway;
  let owner: Client;
  let organizationId: string;
  let providerId: string;
  let token: string;
  const db = () => gateway.container.get(TOKENS.Database);

  beforeAll(async () => {
    gateway = await startGateway();
    owner = await newUser(gateway, 'Owner');
    ({ organization: { id: organizationId }, providerId } = await organizationWithProvider(owner));
    token = await scimTokenFor(owner, providerId, organizationId);
  });
  afterAll(() => gateway.close());

  describe('POST /scim/generate-token', () => {
    it('answers 201 {scimToken} to an owner and an admin, stores only its hash, and a new token ends the old one', async () => {
      const admin = await newUser(gateway, 'Admin');
      await addMember(owner, organizationId, admin, 'admin');
      const first = await scimTokenFor(admin, providerId, organizationId);
      expect(first).toMatch(/^scim_[A-Za-z0-9]{48}$/);
      const rows = await db().scimToken.findMany({ where: { organizationId, providerId } });
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(first);
      await scim(gateway, first, 'get', '/Users').expect(200);
      const second = await scimTokenFor(owner, providerId, organizationId);
      const old = await scim(gateway, first, 'get', '/Users').expect(401);
      expect(old.headers['www-authenticate']).toBe('Bearer');
      await scim(gateway, second, 'get', '/Users').expect(200);
      token = second;
    });

    it('answers 403 to a plain member and an outsider, 404 for a provider of another organization, 401 signed out', async () => {
      const member = await newUser(gateway, 'Member');
      await addMember(owner, organizationId, member, 'member');
      const outsider = await newUser(gateway, 'Outsider');
      const forbidden = { code: 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_SCIM_PROVISIONING', message: 'You are not allowed to manage SCIM provisioning' };
      for (const who of [member, outsider]) {
        const res = await who.post('/scim/generate-token', { providerId, organizationId });
        expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: forbidden });
      }
      const other = await organizationWithProvider(outsider, 'Other Clinic');
      const res = await owner.post('/scim/generate-token', { providerId: other.providerId, organizationId });
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { code: 'SCIM_PROVIDER_NOT_FOUND', message: 'SCIM provider not found' } });
      const anonymous = await gateway.http.post(`${BASE}/scim/generate-token`).set('Origin', ORIGIN).send({ providerId, organizationId });
      expect({ status: anonymous.status, body: anonymous.body }).toEqual({ status: 401, body: { code: 'UNAUTHORIZED', message: 'Unauthorized' } });
    });
  });

  describe('GET /scim/list-tokens', () => {
    it("answers an owner or admin when each provider's token was made, never the token; 403 to a member or an outsider, 401 signed out", async () => {
      token = await scimTokenFor(owner, providerId, organizationId);
      const stored = await db().scimToken.findFirstOrThrow({ where: { organizationId, providerId } });
      const res = await owner.get('/scim/list-tokens', { organizationId });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ tokens: [{ providerId, organizationId, createdAt: expect.any(String) }] });
      expect(res.body.tokens[0].createdAt).toBe(stored.createdAt.toISOString());
      expect(JSON.stringify(res.body)).not.toContain(token);
      const admin = await newUser(gateway, 'Lister');
      await addMember(owner, organizationId, admin, 'admin');
      expect((await admin.get('/scim/list-tokens', { organizationId })).body).toEqual(res.body);
      const member = await newUser(gateway, 'Plain');
      await addMember(owner, organizationId, member, 'member');
      const outsider = await newUser(gateway, 'Stranger');
      for (const who of [member, outsider]) {
        const refused = await who.get('/scim/list-tokens', { organizationId });
        expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: { code: 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_SCIM_PROVISIONING', message: 'You are not allowed to manage SCIM provisioning' } });
      }
      // An organization without a token lists none.
      const other = await organizationWithProvider(outsider, 'Tokenless Clinic');
      expect((await outsider.get('/scim/list-tokens', { organizationId: other.organization.id })).body).toEqual({ tokens: [] });
      const anonymous = await gateway.http.get(`${BASE}/scim/list-tokens?organizationId=${organizationId}`);
      expect({ status: anonymous.status, body: anonymous.body }).toEqual({ status: 401, body: { code: 'UNAUTHORIZED', message: 'Unauthorized' } });
    });
  });

  describe('/scim/v2', () => {
    it('answers 401 with WWW-Authenticate: Bearer and a SCIM error without a token or with an unknown one', async () => {
      for (const bearer of [null, 'scim_unknown', '']) {
        const res = await scim(gateway, bearer, 'get', '/Users').expect(401);
        expect(res.headers['www-authenticate']).toBe('Bearer');
        expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
        expect(res.body).toMatchObject({ ...scimErrorBody(401), detail: 'Invalid SCIM token' });
      }
      await scim(gateway, null, 'get', '/ServiceProviderConfig').expect(401);
    });

    it('serves the discovery documents as application/scim+json', async () => {
      const config = await scim(gateway, token, 'get', '/ServiceProviderConfig').expect(200);
      expect(config.headers['content-type']).toMatch(/^application\/scim\+json/);
      expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true }, bulk: { supported: false } });
      const schemas = await scim(gateway, token, 'get', '/Schemas').expect(200);
      expect(schemas.body).toMatchObject({ totalResults: 1, Resources: [{ id: SCIM_USER_URN }] });
      expect((await scim(gateway, token, 'get', `/Schemas/${SCIM_USER_URN}`).expect(200)).body).toMatchObject({ id: SCIM_USER_URN, name: 'User' });
      expect((await scim(gateway, token, 'get', '/Schemas/urn:unknown').expect(404)).body).toMatchObject(scimErrorBody(404));
      expect((await scim(gateway, token, 'get', '/ResourceTypes').expect(200)).body).toMatchObject({ Resources: [{ id: 'User', endpoint: '/Users', schema: SCIM_USER_URN }] });
      expect((await scim(gateway, token, 'get', '/ResourceTypes/User').expect(200)).body).toMatchObject({ id: 'User' });
      await scim(gateway, token, 'get', '/ResourceTypes/Group').expect(404);
    });

    it('creates a user (201, Location = meta.location) who is a member with role member, and reads, lists, replaces and patches them', async () => {
      const email = freshEmail('grace');
      const created = await scim(gateway, token, 'post', '/Users', scimUserBody(email)).expect(201);
      expect(created.headers['content-type']).toMatch(/^application\/scim\+json/);
      const id = created.body.id as string;
      expect(created.body).toMatchObject({ schemas: [SCIM_USER_URN], userName: email, active: true, emails: [{ value: email, primary: true }], name: { givenName: 'Grace', familyName: 'Hopper' }, meta: { resourceType: 'User', location: `${ORIGIN}${SCIM_BASE}/Users/${id}` } });
      expect(created.headers.location).toBe(created.body.meta.location);
      expect(await db().member.findFirst({ where: { organizationId, userId: id } })).toMatchObject({ role: 'member' });
      expect(await db().user.findUnique({ where: { id } })).toMatchObject({ email, name: 'Grace Hopper', banned: false });

      expect((await scim(gateway, token, 'get', `/Users/${id}`).expect(200)).body).toMatchObject({ id, userName: email });
      const filtered = await scim(gateway, token, 'get', `/Users?filter=${encodeURIComponent(`userName eq "${email.toUpperCase()}"`)}`).expect(200);
      expect(filtered.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 1, Resources: [{ id }] });
      const all = await scim(gateway, token, 'get', '/Users').expect(200);
      expect(all.body.Resources.map((r: { id: string }) => r.id)).toContain(id);

      const replaced = await scim(gateway, token, 'put', `/Users/${id}`, scimUserBody(email, { name: { givenName: 'Amazing', familyName: 'Grace' }, externalId: 'ext-new' })).expect(200);
      expect(replaced.body).toMatchObject({ id, externalId: 'ext-new', name: { givenName: 'Amazing', familyName: 'Grace' }, active: true });
      expect(await db().user.findUnique({ where: { id } })).toMatchObject({ name: 'Amazing Grace' });
      const patched = await scim(gateway, token, 'patch', `/Users/${id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'Replace', path: 'displayName', value: 'Rear Admiral' }] }).expect(200);
      expect(patched.body).toMatchObject({ id, displayName: 'Rear Admiral' });
    });

    it('deletes a user: 204, no membership, then 404', async () => {
      const created = await scim(gateway, token, 'post', '/Users', scimUserBody(freshEmail('gone'))).expect(201);
      const id = created.body.id as string;
      const removed = await scim(gateway, token, 'delete', `/Users/${id}`).expect(204);
      expect(removed.text).toBe('');
      expect(await db().member.findFirst({ where: { organizationId, userId: id } })).toBeNull();
      expect((await scim(gateway, token, 'get', `/Users/${id}`).expect(404)).body).toMatchObject({ ...scimErrorBody(404), detail: 'SCIM resource not found' });
      await scim(gateway, token, 'delete', `/Users/${id}`).expect(404);
    });

    it('answers the RFC 7644 errors: 404 unknown id, 409 uniqueness, 400 invalidValue, 400 invalidFilter', async () => {
      const unknown = randomUUID();
      for (const method of ['get', 'put', 'patch', 'delete'] as const) {
        const body = method === 'put' ? scimUserBody(freshEmail()) : method === 'patch' ? { Operations: [{ op: 'replace', path: 'active', value: false }] } : undefined;
        const res = await scim(gateway, token, method, `/Users/${unknown}`, body);
        expect({ method, status: res.status, body: res.body }).toMatchObject({ method, status: 404, body: scimErrorBody(404) });
      }
      const email = freshEmail('dup');
      await scim(gateway, token, 'post', '/Users', scimUserBody(email)).expect(201);
      const duplicate = await scim(gateway, token, 'post', '/Users', scimUserBody(email.toUpperCase(), { emails: [{ value: freshEmail(), primary: true }] })).expect(409);
      expect(duplicate.body).toMatchObject({ ...scimErrorBody(409, 'uniqueness'), detail: 'SCIM userName is already taken' });
      // An account the directory did not make is never taken over.
      const existing = await newUser(gateway, 'Existing');
      expect((await scim(gateway, token, 'post', '/Users', scimUserBody(existing.user.email)).expect(409)).body).toMatchObject(scimErrorBody(409, 'uniqueness'));
      const { userName: _omitted, ...withoutUserName } = scimUserBody(freshEmail());
      expect((await scim(gateway, token, 'post', '/Users', withoutUserName).expect(400)).body).toMatchObject({ ...scimErrorBody(400, 'invalidValue'), detail: 'SCIM userName is required' });
      for (const filter of ['userName eq', 'name.givenName sw "A"', 'userName eq "a" and active eq true', '((']) {
        const res = await scim(gateway, token, 'get', `/Users?filter=${encodeURIComponent(filter)}`).expect(400);
        expect(res.body).toMatchObject({ ...scimErrorBody(400, 'invalidFilter'), detail: 'Invalid SCIM filter' });
      }
    });

    it("reaches its own organization's users only: another organization's token gets 404 and a count of 0", async () => {
      const email = freshEmail('mine');
      const created = await scim(gateway, token, 'post', '/Users', scimUserBody(email)).expect(201);
      const otherOwner = await newUser(gateway, 'Other Owner');
      const other = await organizationWithProvider(otherOwner, 'Elsewhere');
      const otherToken = await scimTokenFor(otherOwner, other.providerId, other.organization.id);
      const id = created.body.id as string;
      await scim(gateway, otherToken, 'get', `/Users/${id}`).expect(404);
      await scim(gateway, otherToken, 'patch', `/Users/${id}`, { Operations: [{ op: 'replace', path: 'active', value: false }] }).expect(404);
      await scim(gateway, otherToken, 'delete', `/Users/${id}`).expect(404);
      const filtered = await scim(gateway, otherToken, 'get', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`).expect(200);
      expect(filtered.body).toMatchObject({ totalResults: 0, Resources: [] });
      expect((await scim(gateway, otherToken, 'get', '/Users').expect(200)).body.totalResults).toBe(0);
      expect(await db().user.findUnique({ where: { id } })).toMatchObject({ banned: false });
    });

    it('stops answering the token of a provider removed since', async () => {
      const ownerB = await newUser(gateway, 'Owner B');
      const b = await organizationWithProvider(ownerB, 'Short Lived');
      const tokenB = await scimTokenFor(ownerB, b.providerId, b.organization.id);
      await scim(gateway, tokenB, 'get', '/Users').expect(200);
      await db().ssoProvider.deleteMany({ where: { providerId: b.providerId } });
      await scim(gateway, tokenB, 'get', '/Users').expect(401);
    });
  });
});
