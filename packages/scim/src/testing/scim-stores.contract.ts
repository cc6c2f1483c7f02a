import { newUser, type User } from '@tend/identity';
import { uuid } from '@tend/kernel';
import type { ScimUser } from '../entities.js';
import type { ScimTokenRepository, ScimUserRepository } from '../ports.js';

export interface ScimStoresHarness {
  tokens: ScimTokenRepository;
  users: ScimUserRepository;
  /** Stores a user and an organization provisioned users can belong to. */
  seedUser(user: User): Promise<void>;
  seedOrganization(id: string): Promise<void>;
  /** Deletes a user the way account deletion does (their SCIM rows go with it). */
  deleteUser(id: string): Promise<void>;
  close(): Promise<void>;
}

/** The behaviour every adapter of SCIM's two ports must have; run it once per adapter. */
export function scimStoresContract(name: string, open: () => Promise<ScimStoresHarness>): void {
  describe(`SCIM stores contract: ${name}`, () => {
    let harness: ScimStoresHarness;
    const t0 = new Date(Date.UTC(2026, 10, 29, 9));
    const orgA = `org-a-${uuid()}`;
    const orgB = `org-b-${uuid()}`;

    beforeEach(async () => {
      harness = await open();
      await harness.seedOrganization(orgA);
      await harness.seedOrganization(orgB);
    });
    afterEach(() => harness.close());

    const seeded = async (): Promise<User> => {
      const user = newUser({ id: uuid(), email: `${uuid()}@example.com`, name: 'Ada' }, t0);
      await harness.seedUser(user);
      return user;
    };
    const scimUser = (user: User, overrides: Partial<ScimUser> = {}): ScimUser => ({
      organizationId: orgA,
      userId: user.id,
      providerId: 'okta',
      userName: user.email,
      externalId: 'ext-1',
      displayName: null,
      givenName: 'Ada',
      familyName: null,
      active: true,
      createdAt: t0,
      updatedAt: t0,
      ...overrides,
    });

    it('replaces the token of an organization and provider: the old hash finds nothing', async () => {
      await harness.tokens.replace({ id: uuid(), organizationId: orgA, providerId: 'okta', hash: 'h1', createdBy: 'u', createdAt: t0 });
      await harness.tokens.replace({ id: uuid(), organizationId: orgB, providerId: 'okta', hash: 'h3', createdBy: 'u', createdAt: t0 });
      expect(await harness.tokens.findByHash('h1')).toMatchObject({ organizationId: orgA, providerId: 'okta', createdAt: t0 });
      await harness.tokens.replace({ id: uuid(), organizationId: orgA, providerId: 'okta', hash: 'h2', createdBy: 'u', createdAt: t0 });
      expect(await harness.tokens.findByHash('h1')).toBeNull();
      expect(await harness.tokens.findByHash('h2')).toMatchObject({ organizationId: orgA });
      expect(await harness.tokens.findByHash('h3')).toMatchObject({ organizationId: orgB });
    });

    it("lists an organization's tokens (one per provider, the latest's time), oldest first, and no other's", async () => {
      const t1 = new Date(t0.getTime() + 60_000);
      await harness.tokens.replace({ id: uuid(), organizationId: orgA, providerId: 'okta', hash: 'l1', createdBy: 'u', createdAt: t0 });
      await harness.tokens.replace({ id: uuid(), organizationId: orgA, providerId: 'entra', hash: 'l2', createdBy: 'u', createdAt: t0 });
      await harness.tokens.replace({ id: uuid(), organizationId: orgB, providerId: 'okta', hash: 'l3', createdBy: 'u', createdAt: t0 });
      await harness.tokens.replace({ id: uuid(), organizationId: orgA, providerId: 'okta', hash: 'l4', createdBy: 'v', createdAt: t1 });
      const listed = await harness.tokens.listByOrganization(orgA);
      expect(listed.map((t) => [t.providerId, t.createdAt.toISOString(), t.createdBy])).toEqual([
        ['entra', t0.toISOString(), 'u'],
        ['okta', t1.toISOString(), 'v'],
      ]);
      expect(await harness.tokens.listByOrganization('no-such-organization')).toEqual([]);
    });

    it('keeps userNames unique per organization in any case, and finds them in any case', async () => {
      const ada = await seeded();
      const bob = await seeded();
      expect(await harness.users.create(scimUser(ada, { userName: 'Ada@Example.com' }))).toMatchObject({ ok: true, value: { userName: 'Ada@Example.com', givenName: 'Ada' } });
      expect(await harness.users.create(scimUser(bob, { userName: 'ada@example.COM' }))).toEqual({ ok: false, reason: 'taken' });
      expect(await harness.users.create(scimUser(ada, { userName: 'other' }))).toEqual({ ok: false, reason: 'taken' });
      expect(await harness.users.create(scimUser(bob, { organizationId: orgB, userName: 'ADA@example.com' }))).toMatchObject({ ok: true });
      expect(await harness.users.findByUserName(orgA, 'ADA@EXAMPLE.COM')).toMatchObject({ userId: ada.id });
      expect(await harness.users.findByUserName(orgB, 'ada@example.com')).toMatchObject({ userId: bob.id });
      expect(await harness.users.find(orgB, ada.id)).toBeNull();
    });

    it('updates, lists by page and deletes within one organization', async () => {
      const ada = await seeded();
      const bob = await seeded();
      await harness.users.create(scimUser(ada, { userName: 'ada' }));
      await harness.users.create(scimUser(bob, { userName: 'bob', createdAt: new Date(t0.getTime() + 1000) }));
      const t1 = new Date(t0.getTime() + 5000);
      expect(await harness.users.update(orgA, ada.id, { active: false, externalId: null, updatedAt: t1 })).toMatchObject({ ok: true, value: { active: false, externalId: null, userName: 'ada', updatedAt: t1 } });
      expect(await harness.users.update(orgA, ada.id, { userName: 'BOB', updatedAt: t1 })).toEqual({ ok: false, reason: 'taken' });
      expect(await harness.users.update(orgB, ada.id, { active: true, updatedAt: t1 })).toEqual({ ok: false, reason: 'not-found' });
      const page = await harness.users.list(orgA, { offset: 1, limit: 10 });
      expect({ ids: page.users.map((u) => u.userId), total: page.total }).toEqual({ ids: [bob.id], total: 2 });
      expect((await harness.users.list(orgB, { offset: 0, limit: 10 })).total).toBe(0);
      expect(await harness.users.delete(orgB, ada.id)).toBe(false);
      expect(await harness.users.delete(orgA, ada.id)).toBe(true);
      expect(await harness.users.find(orgA, ada.id)).toBeNull();
      await harness.deleteUser(bob.id);
      expect(await harness.users.find(orgA, bob.id)).toBeNull();
    });
  });
}
