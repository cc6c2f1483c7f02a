import { uuid } from '@tend/kernel';
import { CONTRACT_NOW, member, organization, user, type OrganizationStoresHarness } from './harness.js';

const OWNER = { ownerRole: 'owner' };

/** The behaviour every MemberRepository adapter must have; run it once per adapter. */
export function memberRepositoryContract(name: string, open: () => Promise<OrganizationStoresHarness>): void {
  describe(`MemberRepository contract: ${name}`, () => {
    let h: OrganizationStoresHarness;
    beforeAll(async () => {
      h = await open();
    });
    afterAll(() => h.close());

    /** An organization with an owner and three members joined a second apart. */
    async function populated() {
      const ada = await user(h, { name: 'Ada' });
      const created = await organization(h, ada.id);
      const joiners = [await user(h, { name: 'Bob' }), await user(h, { name: 'Cy' }), await user(h, { name: 'Di' })];
      const roles = ['member', 'admin', 'member'];
      const members = [];
      for (const [i, joiner] of joiners.entries()) {
        members.push(await member(h, created.organization.id, ada.id, joiner, { role: roles[i]!, createdAt: new Date(CONTRACT_NOW.getTime() + (i + 1) * 1000) }));
      }
      return { ada, joiners, ...created, members };
    }

    it('finds a member by id, by user and by email, joined to its user', async () => {
      const { organization: created, members, joiners } = await populated();
      const bob = joiners[0]!;
      const expected = { ...members[0], user: { id: bob.id, name: 'Bob', email: bob.email, image: null } };
      expect(await h.stores.members.findById(members[0]!.id)).toEqual(expected);
      expect(await h.stores.members.findByUser(created.id, bob.id)).toEqual(expected);
      expect(await h.stores.members.findByEmail(created.id, bob.email)).toEqual(expected);
    });

    it('answers null for unknown members and for members of other organizations', async () => {
      const { joiners } = await populated();
      const other = await organization(h, (await user(h)).id);
      expect(await h.stores.members.findById(uuid())).toBeNull();
      expect(await h.stores.members.findByUser(other.organization.id, joiners[0]!.id)).toBeNull();
      expect(await h.stores.members.findByEmail(other.organization.id, joiners[0]!.email)).toBeNull();
      expect(await h.stores.members.findByEmail(other.organization.id, 'nobody@example.com')).toBeNull();
    });

    it('lists a page of members with the total, in the order asked', async () => {
      const { organization: created, owner, members } = await populated();
      const ids = (page: { members: Array<{ id: string }> }) => page.members.map((m) => m.id);
      const oldestFirst = await h.stores.members.list(created.id, { limit: 100, offset: 0, sortBy: 'createdAt', sortDirection: 'asc' });
      expect(oldestFirst.total).toBe(4);
      expect(ids(oldestFirst)).toEqual([owner.id, ...members.map((m) => m.id)]);
      expect(oldestFirst.members[1]).toMatchObject({ user: { name: 'Bob' } });
      const page = await h.stores.members.list(created.id, { limit: 2, offset: 1, sortBy: 'createdAt', sortDirection: 'desc' });
      expect(page).toMatchObject({ total: 4 });
      expect(ids(page)).toEqual([members[1]!.id, members[0]!.id]);
      const byRole = await h.stores.members.list(created.id, { limit: 1, offset: 0, sortBy: 'role', sortDirection: 'asc' });
      expect(ids(byRole)).toEqual([members[1]!.id]);
      expect(await h.stores.members.list(created.id, { limit: 10, offset: 10, sortBy: 'createdAt', sortDirection: 'asc' })).toEqual({ members: [], total: 4 });
      expect(await h.stores.members.count(created.id)).toBe(4);
      expect(await h.stores.members.count(uuid())).toBe(0);
    });

    it("changes a member's role", async () => {
      const { members } = await populated();
      expect(await h.stores.members.updateRole(members[0]!.id, 'admin,member', OWNER)).toEqual({ ok: true, value: { ...members[0], role: 'admin,member' } });
      expect((await h.stores.members.findById(members[0]!.id))?.role).toBe('admin,member');
      expect(await h.stores.members.updateRole(uuid(), 'admin', OWNER)).toEqual({ ok: false, reason: 'not-found' });
    });

    it('answers last-owner when the only owner would lose the role, and lets one of two owners go', async () => {
      const { owner, members } = await populated();
      expect(await h.stores.members.updateRole(owner.id, 'admin', OWNER)).toEqual({ ok: false, reason: 'last-owner' });
      expect(await h.stores.members.updateRole(owner.id, 'admin,owner', OWNER)).toMatchObject({ ok: true });
      expect(await h.stores.members.remove(owner.id, OWNER)).toEqual({ ok: false, reason: 'last-owner' });
      await h.stores.members.updateRole(members[1]!.id, 'owner', OWNER);
      expect(await h.stores.members.updateRole(owner.id, 'admin', OWNER)).toMatchObject({ ok: true, value: { role: 'admin' } });
    });

    it('removes a member, and answers not-found after', async () => {
      const { members } = await populated();
      expect(await h.stores.members.remove(members[0]!.id, OWNER)).toEqual({ ok: true, value: members[0] });
      expect(await h.stores.members.findById(members[0]!.id)).toBeNull();
      expect(await h.stores.members.remove(members[0]!.id, OWNER)).toEqual({ ok: false, reason: 'not-found' });
    });

    it("lists a user's memberships, oldest first", async () => {
      const { organization: created, joiners, members } = await populated();
      const other = await organization(h, (await user(h)).id);
      const joined = await h.stores.members.add({ id: uuid(), organizationId: other.organization.id, userId: joiners[0]!.id, role: 'member', teamId: null, createdAt: new Date(CONTRACT_NOW.getTime() + 60_000) }, { membershipLimit: 100 });
      expect((await h.stores.members.listByUser(joiners[0]!.id)).map((m) => [m.organizationId, m.role])).toEqual([
        [created.id, members[0]!.role],
        [other.organization.id, 'member'],
      ]);
      expect(joined).toMatchObject({ ok: true, value: { organizationId: other.organization.id, userId: joiners[0]!.id } });
      expect(await h.stores.members.listByUser(uuid())).toEqual([]);
    });

    it('adds a member once, within the membership limit, to an organization that exists', async () => {
      const { organization: created, joiners } = await populated();
      const newcomer = await user(h);
      const add = (userId: string, organizationId = created.id, membershipLimit = 5) =>
        h.stores.members.add({ id: uuid(), organizationId, userId, role: 'member', teamId: null, createdAt: CONTRACT_NOW }, { membershipLimit });
      expect(await add(joiners[0]!.id)).toEqual({ ok: false, reason: 'already-member' });
      expect(await add(newcomer.id, created.id, 4)).toEqual({ ok: false, reason: 'limit-reached' });
      expect(await add(newcomer.id, uuid())).toEqual({ ok: false, reason: 'organization-not-found' });
      expect(await add(newcomer.id)).toMatchObject({ ok: true, value: { userId: newcomer.id, role: 'member' } });
      expect(await h.stores.members.count(created.id)).toBe(5);
    });

    it('keeps an owner when two owners leave at once', async () => {
      const { organization: created, owner, joiners } = await populated();
      const second = (await h.stores.members.findByUser(created.id, joiners[0]!.id))!;
      await h.stores.members.updateRole(second.id, 'owner', OWNER);
      const results = await Promise.all([h.stores.members.remove(owner.id, OWNER), h.stores.members.remove(second.id, OWNER)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'last-owner' }]);
    });

    it('keeps an owner when two owners demote each other at once', async () => {
      const { organization: created, owner, joiners } = await populated();
      const second = (await h.stores.members.findByUser(created.id, joiners[0]!.id))!;
      await h.stores.members.updateRole(second.id, 'owner', OWNER);
      const results = await Promise.all([h.stores.members.updateRole(owner.id, 'member', OWNER), h.stores.members.updateRole(second.id, 'member', OWNER)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
    });
  });
}
