import { uuid } from '@tend/kernel';
import { CONTRACT_NOW, draftOrganization, HOUR, invitation, member, organization, user, type OrganizationStoresHarness } from './harness.js';

/** The behaviour every OrganizationRepository adapter must have; run it once per adapter. */
export function organizationRepositoryContract(name: string, open: () => Promise<OrganizationStoresHarness>): void {
  describe(`OrganizationRepository contract: ${name}`, () => {
    let h: OrganizationStoresHarness;
    beforeAll(async () => {
      h = await open();
    });
    afterAll(() => h.close());

    it('creates an organization with its owner and default team, found by id and slug', async () => {
      const ada = await user(h);
      const draft = draftOrganization(ada.id, { logo: 'https://x.example/logo.png', metadata: { plan: 'free', seats: 3 } });
      const created = await h.stores.organizations.create({ organization: draft.organization, owner: draft.owner, defaultTeam: draft.team }, { organizationLimit: null });
      expect(created).toEqual({ ok: true, value: { organization: draft.organization, owner: draft.owner, defaultTeam: draft.team } });
      expect(await h.stores.organizations.findById(draft.organization.id)).toEqual(draft.organization);
      expect(await h.stores.organizations.findBySlug(draft.organization.slug)).toEqual(draft.organization);
      expect(await h.stores.members.findById(draft.owner.id)).toMatchObject({ ...draft.owner, user: { id: ada.id, email: ada.email, name: ada.name, image: null } });
      expect(await h.stores.teams.list(draft.organization.id)).toEqual([draft.team]);
    });

    it('creates an organization without a team', async () => {
      const ada = await user(h);
      const draft = draftOrganization(ada.id);
      const owner = { ...draft.owner, teamId: null };
      expect((await h.stores.organizations.create({ organization: draft.organization, owner, defaultTeam: null }, { organizationLimit: null })).ok).toBe(true);
      expect(await h.stores.teams.list(draft.organization.id)).toEqual([]);
      expect((await h.stores.members.findById(owner.id))?.teamId).toBeNull();
    });

    it('refuses an owner whose team is neither the default team nor an existing one', async () => {
      const ada = await user(h);
      const draft = draftOrganization(ada.id);
      await expect(h.stores.organizations.create({ organization: draft.organization, owner: draft.owner, defaultTeam: null }, { organizationLimit: null })).rejects.toBeDefined();
      expect(await h.stores.organizations.findById(draft.organization.id)).toBeNull();
    });

    it('answers null for an unknown id or slug', async () => {
      expect(await h.stores.organizations.findById(uuid())).toBeNull();
      expect(await h.stores.organizations.findBySlug(`none-${uuid()}`)).toBeNull();
    });

    it('answers slug-taken for a taken slug and creates nothing', async () => {
      const ada = await user(h);
      const first = await organization(h, ada.id);
      const again = draftOrganization(ada.id, { slug: first.organization.slug });
      expect(await h.stores.organizations.create({ organization: again.organization, owner: again.owner, defaultTeam: again.team }, { organizationLimit: null })).toEqual({ ok: false, reason: 'slug-taken' });
      expect(await h.stores.organizations.findById(again.organization.id)).toBeNull();
      expect(await h.stores.members.findById(again.owner.id)).toBeNull();
      expect(await h.stores.teams.findById(again.team.id)).toBeNull();
    });

    it('answers limit-reached once the owner belongs to as many organizations as the limit', async () => {
      const ada = await user(h);
      await organization(h, ada.id);
      const second = draftOrganization(ada.id);
      expect((await h.stores.organizations.create({ organization: second.organization, owner: second.owner, defaultTeam: second.team }, { organizationLimit: 2 })).ok).toBe(true);
      const third = draftOrganization(ada.id);
      expect(await h.stores.organizations.create({ organization: third.organization, owner: third.owner, defaultTeam: third.team }, { organizationLimit: 2 })).toEqual({ ok: false, reason: 'limit-reached' });
      expect(await h.stores.organizations.findById(third.organization.id)).toBeNull();
    });

    it('lists the organizations a user is a member of, oldest first', async () => {
      const ada = await user(h);
      const bob = await user(h);
      const older = await organization(h, ada.id, {}, new Date(CONTRACT_NOW.getTime() - HOUR));
      const joined = await organization(h, bob.id);
      await member(h, joined.organization.id, bob.id, ada);
      await organization(h, bob.id);
      expect(await h.stores.organizations.listByUser(ada.id)).toEqual([older.organization, joined.organization]);
      expect(await h.stores.organizations.listByUser(uuid())).toEqual([]);
    });

    it('updates the fields given and leaves the rest', async () => {
      const ada = await user(h);
      const { organization: created } = await organization(h, ada.id, { metadata: { a: 1 } });
      const slug = `renamed-${uuid()}`;
      const updated = await h.stores.organizations.update(created.id, { name: 'Renamed', slug, logo: undefined });
      expect(updated).toEqual({ ok: true, value: { ...created, name: 'Renamed', slug } });
      expect(await h.stores.organizations.update(created.id, { metadata: null, logo: 'l.png' })).toEqual({ ok: true, value: { ...created, name: 'Renamed', slug, metadata: null, logo: 'l.png' } });
      expect(await h.stores.organizations.findBySlug(slug)).toMatchObject({ id: created.id, logo: 'l.png', metadata: null });
    });

    it('stores require two-factor: off for a new organization, then as updated', async () => {
      const ada = await user(h);
      const { organization: created } = await organization(h, ada.id);
      expect(await h.stores.organizations.findById(created.id)).toMatchObject({ requireTwoFactor: false });
      expect(await h.stores.organizations.update(created.id, { requireTwoFactor: true })).toEqual({ ok: true, value: { ...created, requireTwoFactor: true } });
      expect(await h.stores.organizations.listByUser(ada.id)).toEqual([{ ...created, requireTwoFactor: true }]);
      expect(await h.stores.organizations.update(created.id, { name: 'Renamed' })).toMatchObject({ ok: true, value: { requireTwoFactor: true } });
      expect(await h.stores.organizations.update(created.id, { requireTwoFactor: false })).toMatchObject({ ok: true, value: { requireTwoFactor: false } });
    });

    it('answers slug-taken for the slug of another organization and not-found for an unknown one', async () => {
      const ada = await user(h);
      const first = await organization(h, ada.id);
      const second = await organization(h, ada.id);
      expect(await h.stores.organizations.update(second.organization.id, { slug: first.organization.slug })).toEqual({ ok: false, reason: 'slug-taken' });
      expect(await h.stores.organizations.update(second.organization.id, { slug: second.organization.slug })).toMatchObject({ ok: true });
      expect(await h.stores.organizations.update(uuid(), { name: 'x' })).toEqual({ ok: false, reason: 'not-found' });
    });

    it('deletes an organization with its members, invitations and teams', async () => {
      const ada = await user(h);
      const bob = await user(h);
      const created = await organization(h, ada.id);
      const joined = await member(h, created.organization.id, ada.id, bob);
      const pending = await invitation(h, created.organization.id, ada.id);
      expect(await h.stores.organizations.delete(created.organization.id)).toEqual(created.organization);
      expect(await h.stores.organizations.findById(created.organization.id)).toBeNull();
      expect(await h.stores.members.findById(joined.id)).toBeNull();
      expect(await h.stores.members.findById(created.owner.id)).toBeNull();
      expect(await h.stores.invitations.findById(pending.id)).toBeNull();
      expect(await h.stores.teams.findById(created.team.id)).toBeNull();
      expect(await h.stores.organizations.delete(created.organization.id)).toBeNull();
    });

    it('loses the memberships and sent invitations of a deleted user', async () => {
      const ada = await user(h);
      const bob = await user(h);
      const created = await organization(h, ada.id);
      const joined = await member(h, created.organization.id, ada.id, bob, { role: 'owner' });
      const sent = await invitation(h, created.organization.id, bob.id);
      await h.deleteUser(bob.id);
      expect(await h.stores.members.findById(joined.id)).toBeNull();
      expect(await h.stores.invitations.findById(sent.id)).toBeNull();
      expect(await h.stores.organizations.findById(created.organization.id)).not.toBeNull();
    });

    it('makes one organization of ten parallel creations with one slug; the rest answer slug-taken', async () => {
      const slug = `race-${uuid()}`;
      const owners = await Promise.all(Array.from({ length: 10 }, () => user(h)));
      const results = await Promise.all(
        owners.map((owner) => {
          const draft = draftOrganization(owner.id, { slug });
          return h.stores.organizations.create({ organization: draft.organization, owner: draft.owner, defaultTeam: draft.team }, { organizationLimit: null });
        }),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 9 }, () => ({ ok: false, reason: 'slug-taken' })));
      const winner = await h.stores.organizations.findBySlug(slug);
      expect(await h.stores.members.count(winner!.id)).toBe(1);
    });

    it('never passes the organization limit with parallel creations by one user', async () => {
      const ada = await user(h);
      const results = await Promise.all(
        Array.from({ length: 6 }, () => {
          const draft = draftOrganization(ada.id);
          return h.stores.organizations.create({ organization: draft.organization, owner: draft.owner, defaultTeam: draft.team }, { organizationLimit: 2 });
        }),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(2);
      expect(await h.stores.organizations.listByUser(ada.id)).toHaveLength(2);
    });
  });
}
