import { uuid } from '@tend/kernel';
import type { MemberFilter, MemberFilterOperator, MemberPage } from '../ports.js';
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

    it("finds a membership with the organization's two-factor requirement and the user's second factor, in one read", async () => {
      const { organization: created, members, joiners } = await populated();
      const bob = joiners[0]!;
      const guarded = await user(h, { name: 'Eve', twoFactorEnabled: true });
      const eve = await member(h, created.id, joiners[1]!.id, guarded);
      expect(await h.stores.members.findAccess(created.id, bob.id)).toEqual({
        member: { ...members[0], user: { id: bob.id, name: 'Bob', email: bob.email, image: null } },
        requireTwoFactor: false,
        twoFactorEnabled: false,
      });
      await h.stores.organizations.update(created.id, { requireTwoFactor: true });
      expect(await h.stores.members.findAccess(created.id, bob.id)).toMatchObject({ requireTwoFactor: true, twoFactorEnabled: false });
      expect(await h.stores.members.findAccess(created.id, guarded.id)).toMatchObject({ member: { id: eve.id }, requireTwoFactor: true, twoFactorEnabled: true });
      const other = await organization(h, (await user(h)).id);
      expect(await h.stores.members.findAccess(other.organization.id, bob.id)).toBeNull();
      expect(await h.stores.members.findAccess(uuid(), bob.id)).toBeNull();
    });

    it("lists members with their users' second factor", async () => {
      const { organization: created, joiners } = await populated();
      const guarded = await user(h, { name: 'Eve', twoFactorEnabled: true });
      await member(h, created.id, joiners[1]!.id, guarded, { createdAt: new Date(CONTRACT_NOW.getTime() + 10_000) });
      const listed = await h.stores.members.list(created.id, { limit: 100, offset: 0, sortBy: 'createdAt', sortDirection: 'asc' });
      expect(listed.members.map((m) => [m.user.name, m.user.twoFactorEnabled])).toEqual([
        ['Ada', false],
        ['Bob', false],
        ['Cy', false],
        ['Di', false],
        ['Eve', true],
      ]);
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

    /**
     * An organization for the search: the owner Ada and four members, a second apart, whose
     * names, emails and roles the filters and searches below pick from.
     */
    async function searchable() {
      const tag = uuid().slice(0, 8);
      const ada = await user(h, { name: 'Ada' });
      const created = await organization(h, ada.id);
      const people = [
        { name: 'Bob Stone', email: `bob.${tag}@example.com`, role: 'member' },
        { name: 'Cy Grace', email: `cy.${tag}@example.com`, role: 'admin' },
        { name: 'Di', email: `grace_di.${tag}@example.com`, role: 'admin,member' },
        { name: 'Eve 100%', email: `eve.${tag}@example.com`, role: 'member' },
      ];
      const members = [created.owner];
      for (const [i, person] of people.entries()) {
        const joiner = await user(h, { name: person.name, email: person.email });
        members.push(await member(h, created.organization.id, ada.id, joiner, { role: person.role, createdAt: new Date(CONTRACT_NOW.getTime() + (i + 1) * 1000) }));
      }
      // Another organization with a member whose name matches every search: never listed here.
      await organization(h, (await user(h, { name: 'Grace Bob Eve Cy Di 100%_' })).id);
      const page = (extra: Partial<MemberPage> = {}) =>
        h.stores.members.list(created.organization.id, { limit: 100, offset: 0, sortBy: 'createdAt', sortDirection: 'asc', ...extra });
      /** The names of a page's users, and the total. */
      const names = async (extra: Partial<MemberPage>) => {
        const listed = await page(extra);
        return { names: listed.members.map((m) => m.user.name), total: listed.total };
      };
      return { members, page, names };
    }

    it('filters members by role with every operator, on the stored text', async () => {
      const { names } = await searchable();
      const role = (operator: MemberFilterOperator, value: string | string[]) => names({ filter: { field: 'role', operator, value } as MemberFilter });
      const of = (...listed: string[]) => ({ names: listed, total: listed.length });
      // Exact: `admin,member` is neither `admin` nor `member`.
      expect(await role('eq', 'member')).toEqual(of('Bob Stone', 'Eve 100%'));
      expect(await role('eq', 'Member')).toEqual(of());
      expect(await role('ne', 'member')).toEqual(of('Ada', 'Cy Grace', 'Di'));
      expect(await role('in', ['owner', 'admin'])).toEqual(of('Ada', 'Cy Grace'));
      expect(await role('in', ['nobody'])).toEqual(of());
      expect(await role('not_in', ['owner', 'admin'])).toEqual(of('Bob Stone', 'Di', 'Eve 100%'));
      // Literal text, case-insensitive.
      expect(await role('contains', 'MEM')).toEqual(of('Bob Stone', 'Di', 'Eve 100%'));
      expect(await role('contains', '%')).toEqual(of());
      expect(await role('starts_with', 'Adm')).toEqual(of('Cy Grace', 'Di'));
      expect(await role('starts_with', '_dmin')).toEqual(of());
      expect(await role('ends_with', 'member')).toEqual(of('Bob Stone', 'Di', 'Eve 100%'));
      // Text order: admin < admin,member < member < owner.
      expect(await role('lt', 'member')).toEqual(of('Cy Grace', 'Di'));
      expect(await role('lte', 'member')).toEqual(of('Bob Stone', 'Cy Grace', 'Di', 'Eve 100%'));
      expect(await role('gt', 'member')).toEqual(of('Ada'));
      expect(await role('gte', 'member')).toEqual(of('Ada', 'Bob Stone', 'Eve 100%'));
    });

    it('filters members by user id', async () => {
      const { members, page, names } = await searchable();
      const [, bob, cy] = members;
      const userId = (operator: MemberFilterOperator, value: string | string[]) => names({ filter: { field: 'userId', operator, value } as MemberFilter });
      expect(await userId('eq', bob!.userId)).toEqual({ names: ['Bob Stone'], total: 1 });
      expect(await userId('eq', uuid())).toEqual({ names: [], total: 0 });
      expect((await userId('ne', bob!.userId)).total).toBe(4);
      expect(await userId('in', [cy!.userId, bob!.userId, uuid()])).toEqual({ names: ['Bob Stone', 'Cy Grace'], total: 2 });
      expect((await userId('not_in', [cy!.userId, bob!.userId])).names).toEqual(['Ada', 'Di', 'Eve 100%']);
      expect(await userId('starts_with', bob!.userId.slice(0, 13).toUpperCase())).toEqual({ names: ['Bob Stone'], total: 1 });
      expect(await userId('ends_with', cy!.userId.slice(-12))).toEqual({ names: ['Cy Grace'], total: 1 });
      expect(await userId('contains', bob!.userId.slice(9, 23))).toEqual({ names: ['Bob Stone'], total: 1 });
      // Ids are lowercase hexadecimal UUIDs: one text order everywhere.
      const byUserId = [...members].sort((a, b) => (a.userId < b.userId ? -1 : 1)).map((m) => m.id);
      const middle = members.find((m) => m.id === byUserId[2])!.userId;
      const ids = async (operator: MemberFilterOperator) => (await page({ filter: { field: 'userId', operator, value: middle } as MemberFilter })).members.map((m) => m.id).sort();
      expect(await ids('lt')).toEqual(byUserId.slice(0, 2).sort());
      expect(await ids('lte')).toEqual(byUserId.slice(0, 3).sort());
      expect(await ids('gt')).toEqual(byUserId.slice(3).sort());
      expect(await ids('gte')).toEqual(byUserId.slice(2).sort());
    });

    it("searches the members' user names and emails, case-insensitively and literally", async () => {
      const { names } = await searchable();
      const of = (...listed: string[]) => ({ names: listed, total: listed.length });
      // A name (Cy Grace) and an email (grace_di.…): both.
      expect(await names({ search: 'grace' })).toEqual(of('Cy Grace', 'Di'));
      expect(await names({ search: 'GRACE' })).toEqual(of('Cy Grace', 'Di'));
      expect(await names({ search: 'BOB.' })).toEqual(of('Bob Stone'));
      expect(await names({ search: 'stone' })).toEqual(of('Bob Stone'));
      // LIKE's wildcards are text here.
      expect(await names({ search: '%' })).toEqual(of('Eve 100%'));
      expect(await names({ search: '_' })).toEqual(of('Di'));
      expect(await names({ search: 'nobody-here' })).toEqual(of());
      // With a filter: both must hold.
      expect(await names({ search: 'grace', filter: { field: 'role', operator: 'eq', value: 'admin' } })).toEqual(of('Cy Grace'));
    });

    it('counts every match in the total, whatever the limit and offset, in the order asked', async () => {
      const { page, names } = await searchable();
      // Every email of this organization ends with @example.com.
      expect(await names({ search: '@example.com', limit: 2, offset: 1 })).toEqual({ names: ['Bob Stone', 'Cy Grace'], total: 5 });
      expect(await names({ search: '@example.com', limit: 2, offset: 4 })).toEqual({ names: ['Eve 100%'], total: 5 });
      expect(await names({ search: '@example.com', offset: 5 })).toEqual({ names: [], total: 5 });
      const members = { field: 'role', operator: 'in', value: ['member', 'admin,member'] } as const;
      expect(await names({ filter: members, sortBy: 'createdAt', sortDirection: 'desc', limit: 2 })).toEqual({ names: ['Eve 100%', 'Di'], total: 3 });
      expect(await names({ filter: members, sortBy: 'role', sortDirection: 'desc', limit: 1, offset: 2 })).toEqual({ names: ['Di'], total: 3 });
      expect((await page({ search: 'grace' })).members[0]).toMatchObject({ role: 'admin', user: { name: 'Cy Grace', image: null } });
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
