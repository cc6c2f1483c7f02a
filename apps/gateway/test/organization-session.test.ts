import type { AuditEntry } from '../src/http/endpoint.js';
import { MODULES, type GatewayModule } from '../src/index.js';
import { addMember, createOrganization, invite, newUser, organizationConfig, startGateway, type TestGateway } from './harness/index.js';

describe('organizations and the session cookie cache', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway(organizationConfig({}, { cookieCache: { enabled: true, maxAge: 300 } }));
  });
  afterAll(() => gateway.close());

  it('rewrites the cached session whenever a call changes its active organization', async () => {
    const owner = await newUser(gateway, 'Owner');
    const member = await newUser(gateway, 'Member');
    expect(owner.cookie).toMatch(/tend\.session_data=/);
    // GET /get-session answers from the cookie cache: it shows what the cache holds.
    const organization = await createOrganization(owner);
    expect(await owner.activeOrganizationId()).toBe(organization.id);
    await owner.post('/organization/set-active', { organizationId: null });
    expect(await owner.activeOrganizationId()).toBeNull();
    await owner.post('/organization/set-active', { organizationSlug: organization.slug });
    expect(await owner.activeOrganizationId()).toBe(organization.id);

    await addMember(owner, organization.id, member);
    expect(await member.activeOrganizationId()).toBe(organization.id);
    await member.post('/organization/leave', { organizationId: organization.id });
    expect(await member.activeOrganizationId()).toBeNull();

    const second = await addMember(owner, organization.id, member);
    expect(await member.activeOrganizationId()).toBe(organization.id);
    // An admin removing themself through remove-member.
    await owner.post('/organization/update-member-role', { memberId: second.id, role: 'admin' });
    expect((await member.post('/organization/remove-member', { memberIdOrEmail: second.id })).status).toBe(200);
    expect(await member.activeOrganizationId()).toBeNull();
  });

  it('clears the cached active organization of the caller who deletes it', async () => {
    const owner = await newUser(gateway, 'Owner');
    const organization = await createOrganization(owner);
    expect(await owner.activeOrganizationId()).toBe(organization.id);
    expect((await owner.post('/organization/delete', { organizationId: organization.id })).status).toBe(200);
    expect(await owner.activeOrganizationId()).toBeNull();
  });
});

describe('organization audit events', () => {
  const recorded: AuditEntry[] = [];
  const recorder: GatewayModule = { name: 'audit-recorder', bind: () => undefined, endpoints: [], auditSink: () => ({ record: (entry) => void recorded.push(entry) }) };
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway(organizationConfig(), { modules: [recorder, ...MODULES] });
  });
  afterAll(() => gateway.close());

  it('records membership changes with the organization, the actor and the member concerned', async () => {
    const owner = await newUser(gateway, 'Owner');
    const member = await newUser(gateway, 'Member');
    const other = await newUser(gateway, 'Other');
    const organization = await createOrganization(owner);
    const joined = await addMember(owner, organization.id, member);
    await owner.post('/organization/update-member-role', { memberId: joined.id, role: 'admin' });
    await owner.post('/organization/remove-member', { memberIdOrEmail: joined.id });
    await addMember(owner, organization.id, other);
    await other.post('/organization/leave', { organizationId: organization.id });
    // Refused calls change nothing and record nothing.
    await other.post('/organization/delete', { organizationId: organization.id });
    await owner.post('/organization/delete', { organizationId: organization.id });

    const events = recorded.filter((entry) => entry.organizationId === organization.id).map(({ action, actorId, targetUserId }) => ({ action, actorId, targetUserId }));
    expect(events).toEqual([
      { action: 'organization.create', actorId: owner.user.id, targetUserId: undefined },
      { action: 'organization.invitation.create', actorId: owner.user.id, targetUserId: undefined },
      { action: 'organization.member.add', actorId: member.user.id, targetUserId: member.user.id },
      { action: 'organization.member.role.change', actorId: owner.user.id, targetUserId: member.user.id },
      { action: 'organization.member.remove', actorId: owner.user.id, targetUserId: member.user.id },
      { action: 'organization.invitation.create', actorId: owner.user.id, targetUserId: undefined },
      { action: 'organization.member.add', actorId: other.user.id, targetUserId: other.user.id },
      { action: 'organization.member.leave', actorId: other.user.id, targetUserId: other.user.id },
      { action: 'organization.delete', actorId: owner.user.id, targetUserId: undefined },
    ]);
    const roleChange = recorded.find((entry) => entry.action === 'organization.member.role.change');
    expect(roleChange?.detail).toEqual({ memberId: joined.id, role: 'admin' });
    await invite(owner, (await createOrganization(owner, 'Next')).id, 'someone@example.com');
    expect(recorded.some((entry) => JSON.stringify(entry).includes('someone@example.com'))).toBe(false);
  });
});
