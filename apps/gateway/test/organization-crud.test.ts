import { ORGANIZATION_ERRORS as E } from '@tend/organizations';
import { silentLogger } from '@tend/kernel';
import { SESSION_ERRORS } from '@tend/sessions';
import { configFromEnv, EnvError, parseEnv } from '../src/env.js';
import { addMember, createOrganization, expectError, newUser, organizationConfig, SECRET, startGateway, type TestGateway } from './harness/index.js';

describe('organizations: create, check-slug, list, update, delete, set-active, get-full-organization', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway(organizationConfig());
  });
  afterAll(() => gateway.close());

  describe('POST /organization/create', () => {
    it('creates the organization with the caller as owner, a default team they join, and makes it active', async () => {
      const owner = await newUser(gateway, 'Owner');
      const res = await owner.post('/organization/create', { name: 'Calm Coaches', slug: 'calm-coaches', logo: 'https://img.example/logo.png', metadata: { plan: 'pro' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Calm Coaches', slug: 'calm-coaches', logo: 'https://img.example/logo.png', metadata: { plan: 'pro' } });
      expect(res.body.members).toEqual([expect.objectContaining({ userId: owner.user.id, role: 'owner', organizationId: res.body.id })]);
      const teams = await owner.get('/organization/list-teams');
      expect(teams.body).toEqual([expect.objectContaining({ name: 'Calm Coaches', organizationId: res.body.id })]);
      expect(res.body.members[0].teamId).toBe(teams.body[0].id);
      expect(await owner.activeOrganizationId()).toBe(res.body.id);
    });

    it('leaves the active organization as it is with keepCurrentActiveOrganization', async () => {
      const owner = await newUser(gateway, 'Owner');
      const first = await createOrganization(owner, 'First');
      const second = await owner.post('/organization/create', { name: 'Second', slug: `second-${first.id}`, keepCurrentActiveOrganization: true });
      expect(second.status).toBe(200);
      expect(await owner.activeOrganizationId()).toBe(first.id);
    });

    it('answers 400 ORGANIZATION_ALREADY_EXISTS for a slug in use', async () => {
      const owner = await newUser(gateway, 'Owner');
      const organization = await createOrganization(owner);
      expectError(await owner.post('/organization/create', { name: 'Other', slug: organization.slug }), E.ORGANIZATION_ALREADY_EXISTS);
    });

    it('answers 400 VALIDATION_ERROR without a name or slug, or with an empty one', async () => {
      const owner = await newUser(gateway, 'Owner');
      for (const body of [{ slug: 'x' }, { name: 'x' }, { name: '  ', slug: 'x' }, { name: 'x', slug: '' }, { name: 'x', slug: 'y', logo: 'javascript:alert(1)' }]) {
        const res = await owner.post('/organization/create', body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
      }
    });

    it('answers 401 UNAUTHORIZED without a session', async () => {
      expectError(await gateway.http.post('/api/auth/organization/create').send({ name: 'x', slug: 'x' }), SESSION_ERRORS.UNAUTHORIZED);
    });
  });

  describe('POST /organization/check-slug', () => {
    it('answers {status: true} for a free slug and 400 SLUG_IS_TAKEN for a used one', async () => {
      const owner = await newUser(gateway, 'Owner');
      const organization = await createOrganization(owner);
      expect((await owner.post('/organization/check-slug', { slug: `${organization.slug}-free` })).body).toEqual({ status: true });
      expectError(await owner.post('/organization/check-slug', { slug: organization.slug }), E.SLUG_IS_TAKEN);
    });
  });

  describe('GET /organization/list', () => {
    it("lists the caller's organizations only, oldest first", async () => {
      const owner = await newUser(gateway, 'Owner');
      const a = await createOrganization(owner, 'Alpha');
      const b = await createOrganization(owner, 'Beta');
      await createOrganization(await newUser(gateway, 'Stranger'), 'Gamma');
      const res = await owner.get('/organization/list');
      expect(res.status).toBe(200);
      expect(res.body.map((o: { id: string }) => o.id)).toEqual([a.id, b.id]);
    });
  });

  describe('POST /organization/update', () => {
    it('lets an owner or admin change name, slug, logo and metadata (default: the active organization)', async () => {
      const owner = await newUser(gateway, 'Owner');
      const admin = await newUser(gateway, 'Admin');
      const organization = await createOrganization(owner);
      await addMember(owner, organization.id, admin, 'admin');
      const res = await admin.post('/organization/update', { data: { name: 'Renamed', slug: `renamed-${organization.id}`, metadata: { a: 1 }, logo: null } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: organization.id, name: 'Renamed', slug: `renamed-${organization.id}`, metadata: { a: 1 }, logo: null });
    });

    it('answers 403 YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION for a plain member', async () => {
      const owner = await newUser(gateway, 'Owner');
      const member = await newUser(gateway, 'Member');
      const organization = await createOrganization(owner);
      await addMember(owner, organization.id, member);
      expectError(await member.post('/organization/update', { organizationId: organization.id, data: { name: 'Mine' } }), E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION);
    });

    it('answers 403 USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION for a non-member', async () => {
      const organization = await createOrganization(await newUser(gateway, 'Owner'));
      const stranger = await newUser(gateway, 'Stranger');
      expectError(await stranger.post('/organization/update', { organizationId: organization.id, data: { name: 'Mine' } }), E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
    });

    it('answers 400 SLUG_IS_TAKEN for the slug of another organization', async () => {
      const owner = await newUser(gateway, 'Owner');
      const a = await createOrganization(owner, 'Alpha');
      const b = await createOrganization(owner, 'Beta');
      expectError(await owner.post('/organization/update', { organizationId: b.id, data: { slug: a.slug } }), E.SLUG_IS_TAKEN);
    });

    it('answers 400 NO_ACTIVE_ORGANIZATION without organizationId and without an active organization', async () => {
      const user = await newUser(gateway, 'Nobody');
      expectError(await user.post('/organization/update', { data: { name: 'x' } }), E.NO_ACTIVE_ORGANIZATION);
    });

    it('answers 400 VALIDATION_ERROR without data', async () => {
      const owner = await newUser(gateway, 'Owner');
      await createOrganization(owner);
      const res = await owner.post('/organization/update', {});
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: 'data', message: 'data is required' }] });
    });
  });

  describe('POST /organization/delete', () => {
    it('deletes the organization and clears it from every session that had it active', async () => {
      const owner = await newUser(gateway, 'Owner');
      const member = await newUser(gateway, 'Member');
      const organization = await createOrganization(owner);
      await addMember(owner, organization.id, member);
      expect(await member.activeOrganizationId()).toBe(organization.id);
      const res = await owner.post('/organization/delete', { organizationId: organization.id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: organization.id, slug: organization.slug });
      expect(await owner.activeOrganizationId()).toBeNull();
      expect(await member.activeOrganizationId()).toBeNull();
      expect((await owner.get('/organization/list')).body).toEqual([]);
      expectError(await owner.get('/organization/get-full-organization', { organizationId: organization.id }), E.ORGANIZATION_NOT_FOUND);
    });

    it('answers 403 YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION for an admin', async () => {
      const owner = await newUser(gateway, 'Owner');
      const admin = await newUser(gateway, 'Admin');
      const organization = await createOrganization(owner);
      await addMember(owner, organization.id, admin, 'admin');
      expectError(await admin.post('/organization/delete', { organizationId: organization.id }), E.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION);
    });

    it('answers 403 USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION for a non-member or an organization that does not exist', async () => {
      const organization = await createOrganization(await newUser(gateway, 'Owner'));
      const stranger = await newUser(gateway, 'Stranger');
      expectError(await stranger.post('/organization/delete', { organizationId: organization.id }), E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
      expectError(await stranger.post('/organization/delete', { organizationId: 'no-such-organization' }), E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
    });

    it('answers 400 VALIDATION_ERROR without organizationId', async () => {
      const owner = await newUser(gateway, 'Owner');
      expect((await owner.post('/organization/delete', {})).body).toMatchObject({ code: 'VALIDATION_ERROR' });
    });
  });

  describe('POST /organization/set-active', () => {
    it('sets the active organization by id or slug, answers it with no argument, and clears it with null', async () => {
      const owner = await newUser(gateway, 'Owner');
      const a = await createOrganization(owner, 'Alpha');
      const b = await createOrganization(owner, 'Beta');
      expect((await owner.post('/organization/set-active', { organizationId: a.id })).body).toMatchObject({ id: a.id });
      expect(await owner.activeOrganizationId()).toBe(a.id);
      expect((await owner.post('/organization/set-active', { organizationSlug: b.slug })).body).toMatchObject({ id: b.id });
      expect(await owner.activeOrganizationId()).toBe(b.id);
      expect((await owner.post('/organization/set-active', {})).body).toMatchObject({ id: b.id });
      const cleared = await owner.post('/organization/set-active', { organizationId: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toBeNull();
      expect(await owner.activeOrganizationId()).toBeNull();
    });

    it('answers 400 ORGANIZATION_NOT_FOUND for an unknown id or slug', async () => {
      const user = await newUser(gateway, 'User');
      expectError(await user.post('/organization/set-active', { organizationId: 'no-such-organization' }), E.ORGANIZATION_NOT_FOUND);
      expectError(await user.post('/organization/set-active', { organizationSlug: 'no-such-slug' }), E.ORGANIZATION_NOT_FOUND);
    });

    it('answers 403 USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION for an organization the caller is not in', async () => {
      const organization = await createOrganization(await newUser(gateway, 'Owner'));
      const stranger = await newUser(gateway, 'Stranger');
      expectError(await stranger.post('/organization/set-active', { organizationId: organization.id }), E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
      expect(await stranger.activeOrganizationId()).toBeNull();
    });
  });

  describe('GET /organization/get-full-organization', () => {
    it('answers the active organization with members (and their users), invitations and teams', async () => {
      const owner = await newUser(gateway, 'Owner');
      const member = await newUser(gateway, 'Member');
      const organization = await createOrganization(owner);
      await addMember(owner, organization.id, member);
      const res = await owner.get('/organization/get-full-organization');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: organization.id, slug: organization.slug });
      expect(res.body.members.map((m: { user: { email: string } }) => m.user.email)).toEqual([owner.user.email, member.user.email]);
      expect(res.body.invitations).toEqual([expect.objectContaining({ email: member.user.email, status: 'accepted' })]);
      expect(res.body.teams).toHaveLength(1);
      const bySlug = await owner.get('/organization/get-full-organization', { organizationSlug: organization.slug, membersLimit: 1 });
      expect(bySlug.body.members).toHaveLength(1);
    });

    it('answers null when no organization is named and none is active', async () => {
      const user = await newUser(gateway, 'User');
      const res = await user.get('/organization/get-full-organization');
      expect(res.status).toBe(200);
      expect(res.body).toBeNull();
    });

    it('answers 400 ORGANIZATION_NOT_FOUND and 403 USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', async () => {
      const organization = await createOrganization(await newUser(gateway, 'Owner'));
      const stranger = await newUser(gateway, 'Stranger');
      expectError(await stranger.get('/organization/get-full-organization', { organizationSlug: 'no-such-slug' }), E.ORGANIZATION_NOT_FOUND);
      expectError(await stranger.get('/organization/get-full-organization', { organizationId: organization.id }), E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
    });

    it('answers 400 VALIDATION_ERROR "Invalid query parameters" for a bad membersLimit', async () => {
      const user = await newUser(gateway, 'User');
      expect((await user.get('/organization/get-full-organization', { membersLimit: 'many' })).body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
    });
  });
});

describe('organization configuration', () => {
  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION when users may not create organizations', async () => {
    const gateway = await startGateway(organizationConfig({ allowUserToCreateOrganization: false }));
    try {
      const user = await newUser(gateway, 'User');
      expectError(await user.post('/organization/create', { name: 'x', slug: 'x' }), E.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION);
    } finally {
      await gateway.close();
    }
  });

  it('answers 403 YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS past the organization limit', async () => {
    const gateway = await startGateway(organizationConfig({ organizationLimit: 2 }));
    try {
      const user = await newUser(gateway, 'User');
      await createOrganization(user, 'One');
      await createOrganization(user, 'Two');
      expectError(await user.post('/organization/create', { name: 'Three', slug: 'three' }), E.YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS);
    } finally {
      await gateway.close();
    }
  });

  it('with teams off, makes no default team and serves no team route (404)', async () => {
    const gateway = await startGateway(organizationConfig({ teams: { enabled: false, allowRemovingAllTeams: false } }));
    try {
      const owner = await newUser(gateway, 'Owner');
      const organization = await createOrganization(owner);
      expect(organization.members[0]!.teamId).toBeNull();
      for (const [method, path] of [
        ['post', '/organization/create-team'],
        ['post', '/organization/update-team'],
        ['post', '/organization/remove-team'],
        ['get', '/organization/list-teams'],
      ] as const) {
        const res = method === 'get' ? await owner.get(path) : await owner.post(path, { name: 'x', teamId: 'x' });
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: { code: 'NOT_FOUND', message: 'Not Found' } });
      }
      expect((await owner.get('/organization/get-full-organization')).body.teams).toEqual([]);
    } finally {
      await gateway.close();
    }
  });
});

describe('organization environment', () => {
  it('defaults to a membership limit of 100, no organization limit, creation and teams on, and the web app on :3001', () => {
    const config = configFromEnv(parseEnv({ AUTH_SECRET: SECRET }), silentLogger);
    expect(config.features.organizations).toEqual({
      allowUserToCreateOrganization: true,
      organizationLimit: null,
      membershipLimit: 100,
      invitationExpiresIn: 172_800,
      teams: { enabled: true, allowRemovingAllTeams: false },
    });
    expect(config.webURL).toBe('http://localhost:3001');
  });

  it('reads AUTH_ORGANIZATION_*, AUTH_ALLOW_USER_TO_CREATE_ORGANIZATION and AUTH_WEB_URL', () => {
    const env = parseEnv({
      AUTH_SECRET: SECRET,
      AUTH_ORGANIZATION_MEMBERSHIP_LIMIT: '5',
      AUTH_ORGANIZATION_LIMIT: '2',
      AUTH_ALLOW_USER_TO_CREATE_ORGANIZATION: 'off',
      AUTH_ORGANIZATION_TEAMS: 'off',
      AUTH_WEB_URL: 'https://app.tend.example/',
    });
    const config = configFromEnv(env, silentLogger);
    expect(config.features.organizations).toMatchObject({
      membershipLimit: 5,
      organizationLimit: 2,
      allowUserToCreateOrganization: false,
      teams: { enabled: false },
    });
    expect(config.webURL).toBe('https://app.tend.example');
  });

  it.each([
    [{ AUTH_ORGANIZATION_MEMBERSHIP_LIMIT: '0' }, /AUTH_ORGANIZATION_MEMBERSHIP_LIMIT/],
    [{ AUTH_ORGANIZATION_LIMIT: 'many' }, /AUTH_ORGANIZATION_LIMIT/],
    [{ AUTH_ORGANIZATION_TEAMS: 'yes' }, /AUTH_ORGANIZATION_TEAMS/],
    [{ AUTH_ALLOW_USER_TO_CREATE_ORGANIZATION: 'maybe' }, /AUTH_ALLOW_USER_TO_CREATE_ORGANIZATION/],
    [{ AUTH_WEB_URL: 'ftp://app.example' }, /AUTH_WEB_URL: must be an http\(s\) URL/],
  ])('names the bad variable in %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(message);
  });
});
