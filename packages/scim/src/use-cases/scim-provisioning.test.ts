import { MemoryUserRepository } from '@tend/identity';
import { ManualClock, createMemoryTables, isAuthError } from '@tend/kernel';
import { MemoryScimTokenRepository, MemoryScimUserRepository } from '../adapters/memory/memory-scim-stores.js';
import type { ScimToken } from '../entities.js';
import type { ScimMemberships } from '../ports.js';
import { GenerateScimToken, ListScimTokens } from './generate-scim-token.js';
import { SCIM_DEACTIVATION_REASON, ScimProvisioning } from './scim-provisioning.js';

/** Memberships as a map of (organization, user) to role: the port's behaviour, in memory. */
function memoryMemberships(limit = 100): ScimMemberships & { roles: Map<string, string> } {
  const roles = new Map<string, string>();
  const key = (organizationId: string, userId: string) => `${organizationId}/${userId}`;
  return {
    roles,
    roleOf: async (organizationId, userId) => roles.get(key(organizationId, userId)) ?? null,
    join: async (organizationId, userId, role) => {
      if (roles.has(key(organizationId, userId))) return 'already-member';
      if ([...roles.keys()].filter((k) => k.startsWith(`${organizationId}/`)).length >= limit) return 'limit-reached';
      roles.set(key(organizationId, userId), role);
      return 'joined';
    },
    leave: async (organizationId, userId) => void roles.delete(key(organizationId, userId)),
  };
}

function fixture(limit?: number) {
  const tables = createMemoryTables();
  const clock = new ManualClock(new Date(Date.UTC(2026, 10, 29, 10)));
  const accounts = new MemoryUserRepository(tables);
  const memberships = memoryMemberships(limit);
  const revoked: string[] = [];
  const tokens = new MemoryScimTokenRepository(tables);
  const providers = { belongsTo: async (providerId: string, organizationId: string) => providerId === 'okta' && organizationId === 'org-1' };
  const provisioning = new ScimProvisioning({ tokens, users: new MemoryScimUserRepository(tables), accounts, memberships, providers, access: { revokeAll: async (id) => void revoked.push(id) }, clock });
  const generate = new GenerateScimToken({ tokens, memberships, providers, clock });
  const list = new ListScimTokens({ tokens, memberships });
  return { accounts, memberships, revoked, provisioning, generate, list, clock };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    // The HTTP status as a number (a SCIM error's body holds it as a string too).
    if (isAuthError(error)) return { ...error.toJSON(), status: error.status };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('GenerateScimToken and ScimProvisioning', () => {
  let f: ReturnType<typeof fixture>;
  let token: ScimToken;
  beforeEach(async () => {
    f = fixture();
    f.memberships.roles.set('org-1/owner', 'owner');
    const { scimToken } = await f.generate.execute({ userId: 'owner', providerId: 'okta', organizationId: 'org-1' });
    token = await f.provisioning.authenticate(scimToken);
  });

  it('gives tokens to owners and admins only, for the organization’s own provider', async () => {
    f.memberships.roles.set('org-1/member', 'member');
    expect(await failure(f.generate.execute({ userId: 'member', providerId: 'okta', organizationId: 'org-1' }))).toMatchObject({ status: 403 });
    expect(await failure(f.generate.execute({ userId: 'stranger', providerId: 'okta', organizationId: 'org-1' }))).toMatchObject({ status: 403 });
    expect(await failure(f.generate.execute({ userId: 'owner', providerId: 'other', organizationId: 'org-1' }))).toMatchObject({ status: 404 });
    expect(await failure(f.provisioning.authenticate('scim_wrong'))).toMatchObject({ status: 401, code: 'INVALID_SCIM_TOKEN' });
  });

  it('tells owners and admins when each provider’s token was made, never the token; others 403', async () => {
    f.memberships.roles.set('org-1/admin', 'admin,member');
    f.memberships.roles.set('org-1/member', 'member');
    const made = f.clock.now();
    f.clock.advance(60_000);
    const listed = await f.list.execute({ userId: 'admin', organizationId: 'org-1' });
    expect(listed).toEqual({ tokens: [{ providerId: 'okta', organizationId: 'org-1', createdAt: made }] });
    expect(JSON.stringify(listed)).not.toMatch(/scim_|hash/);
    await f.generate.execute({ userId: 'admin', providerId: 'okta', organizationId: 'org-1' });
    expect((await f.list.execute({ userId: 'owner', organizationId: 'org-1' })).tokens).toEqual([expect.objectContaining({ createdAt: f.clock.now() })]);
    expect(await failure(f.list.execute({ userId: 'member', organizationId: 'org-1' }))).toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_SCIM_PROVISIONING' });
    expect(await failure(f.list.execute({ userId: 'stranger', organizationId: 'org-1' }))).toMatchObject({ status: 403 });
  });

  it('creates an account and a membership; names it from the display name, else given and family names', async () => {
    const { user, email } = await f.provisioning.create(token, { userName: 'Ada@Example.com', name: { givenName: 'Ada', familyName: 'Lovelace' } });
    expect(email).toBe('ada@example.com');
    expect(await f.accounts.findById(user.userId)).toMatchObject({ name: 'Ada Lovelace', emailVerified: false, banned: false });
    expect(await f.memberships.roleOf('org-1', user.userId)).toBe('member');
    expect(await failure(f.provisioning.create(token, { userName: 'ADA@example.com', emails: [{ value: 'other@example.com' }] }))).toMatchObject({ status: 409, scimType: 'uniqueness' });
    expect(await failure(f.provisioning.create(token, { userName: 'not an address' }))).toMatchObject({ status: 400, scimType: 'invalidValue' });
  });

  it('deactivates by a ban with SCIM’s reason and revokes access; reactivation lifts only that ban', async () => {
    const { user } = await f.provisioning.create(token, { userName: 'grace@example.com' });
    await f.provisioning.patch(token, user.userId, [{ op: 'Replace', path: 'active', value: 'False' }]);
    expect(await f.accounts.findById(user.userId)).toMatchObject({ banned: true, banReason: SCIM_DEACTIVATION_REASON, banExpires: null });
    expect(f.revoked).toEqual([user.userId]);
    await f.provisioning.patch(token, user.userId, [{ op: 'replace', value: { active: true } }]);
    expect(await f.accounts.findById(user.userId)).toMatchObject({ banned: false, banReason: null });
    await f.accounts.update(user.userId, { banned: true, banReason: 'Spam' });
    await f.provisioning.replace(token, user.userId, { userName: 'grace@example.com', active: false });
    await f.provisioning.replace(token, user.userId, { userName: 'grace@example.com', active: true });
    expect(await f.accounts.findById(user.userId)).toMatchObject({ banned: true, banReason: 'Spam' });
  });

  it('removes: deactivated, no membership, no record', async () => {
    const { user } = await f.provisioning.create(token, { userName: 'gone@example.com' });
    await f.provisioning.remove(token, user.userId);
    expect(await f.memberships.roleOf('org-1', user.userId)).toBeNull();
    expect(await f.accounts.findById(user.userId)).toMatchObject({ banned: true });
    expect(await failure(f.provisioning.get(token, user.userId))).toMatchObject({ status: 404 });
  });

  it('refuses a full organization without leaving an account behind', async () => {
    f = fixture(1);
    f.memberships.roles.set('org-1/owner', 'owner');
    token = await f.provisioning.authenticate((await f.generate.execute({ userId: 'owner', providerId: 'okta', organizationId: 'org-1' })).scimToken);
    expect(await failure(f.provisioning.create(token, { userName: 'late@example.com' }))).toMatchObject({ status: 403, code: 'SCIM_ORGANIZATION_IS_FULL' });
    expect(await f.accounts.findByEmail('late@example.com')).toBeNull();
  });
});
