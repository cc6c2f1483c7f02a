import { uuid } from '@tend/kernel';
import type { RuntimeRole } from '../entities.js';
import { CONTRACT_NOW, HOUR, invitation, member, organization, tally, user, type OrganizationStoresHarness } from './harness.js';

/** The behaviour every RuntimeRoleRepository adapter must have; run it once per adapter. */
export function runtimeRoleRepositoryContract(name: string, open: () => Promise<OrganizationStoresHarness>): void {
  describe(`RuntimeRoleRepository contract: ${name}`, () => {
    let h: OrganizationStoresHarness;
    beforeAll(async () => {
      h = await open();
    });
    afterAll(() => h.close());

    async function setup() {
      const ada = await user(h);
      return { ada, ...(await organization(h, ada.id)) };
    }
    const draft = (organizationId: string, fields: Partial<RuntimeRole> = {}): RuntimeRole => ({
      id: uuid(),
      organizationId,
      role: 'coach',
      permission: { member: ['update'], ac: ['read'] },
      createdAt: new Date(CONTRACT_NOW.getTime() + HOUR),
      ...fields,
    });

    it('creates, finds (by id, name, names) and lists roles oldest first, each within its organization', async () => {
      const { organization: created } = await setup();
      const coach = draft(created.id);
      const helper = draft(created.id, { role: 'helper', permission: {}, createdAt: new Date(CONTRACT_NOW.getTime() + 2 * HOUR) });
      expect(await h.stores.roles.create(helper)).toEqual({ ok: true, value: helper });
      expect(await h.stores.roles.create(coach)).toEqual({ ok: true, value: coach });
      expect(await h.stores.roles.findById(created.id, coach.id)).toEqual(coach);
      expect(await h.stores.roles.findById(uuid(), coach.id)).toBeNull();
      expect(await h.stores.roles.findByName(created.id, 'helper')).toEqual(helper);
      expect(await h.stores.roles.findByName(created.id, 'nobody')).toBeNull();
      expect((await h.stores.roles.findByNames(created.id, ['coach', 'nobody'])).map((role) => role.id)).toEqual([coach.id]);
      expect(await h.stores.roles.list(created.id)).toEqual([coach, helper]);
      expect(await h.stores.roles.list(uuid())).toEqual([]);
    });

    it('keeps names unique per organization, also under parallel creation, and answers organization-not-found', async () => {
      const { ada, organization: first } = await setup();
      const { organization: second } = await organization(h, ada.id);
      expect((await h.stores.roles.create(draft(second.id))).ok).toBe(true);
      const results = tally(await Promise.allSettled([1, 2, 3].map(() => h.stores.roles.create(draft(first.id)))));
      expect(results.rejected).toEqual([]);
      expect(results.fulfilled.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(results.fulfilled.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: 'name-taken' }, { ok: false, reason: 'name-taken' }]);
      expect(await h.stores.roles.create(draft(uuid()))).toEqual({ ok: false, reason: 'organization-not-found' });
    });

    it('changes the permission; a rename carries to members and pending invitations holding the role, and a taken name is refused', async () => {
      const { ada, organization: created } = await setup();
      const coach = draft(created.id);
      await h.stores.roles.create(coach);
      await h.stores.roles.create(draft(created.id, { role: 'helper' }));
      const holder = await member(h, created.id, ada.id, await user(h), { role: 'member,coach' });
      const lookalike = await member(h, created.id, ada.id, await user(h), { role: 'coaches' });
      const pending = await invitation(h, created.id, ada.id, { role: 'coach' });
      expect(await h.stores.roles.update(coach.id, { permission: { team: ['create'] } })).toEqual({ ok: true, value: { ...coach, permission: { team: ['create'] } } });
      expect(await h.stores.roles.update(coach.id, { role: 'helper' })).toEqual({ ok: false, reason: 'name-taken' });
      expect(await h.stores.roles.update(coach.id, { role: 'trainer' })).toEqual({ ok: true, value: { ...coach, role: 'trainer', permission: { team: ['create'] } } });
      expect((await h.stores.members.findById(holder.id))?.role).toBe('member,trainer');
      expect((await h.stores.members.findById(lookalike.id))?.role).toBe('coaches');
      expect((await h.stores.invitations.findById(pending.id))?.role).toBe('trainer');
      expect(await h.stores.roles.findByName(created.id, 'coach')).toBeNull();
      expect(await h.stores.roles.update(uuid(), { role: 'x' })).toEqual({ ok: false, reason: 'not-found' });
    });

    it('deletes a role no member holds, refuses one a member holds, and goes with its organization', async () => {
      const { ada, organization: created } = await setup();
      const held = draft(created.id);
      const spare = draft(created.id, { role: 'spare' });
      await h.stores.roles.create(held);
      await h.stores.roles.create(spare);
      await member(h, created.id, ada.id, await user(h), { role: 'admin,coach' });
      expect(await h.stores.roles.remove(held.id)).toEqual({ ok: false, reason: 'assigned' });
      expect(await h.stores.roles.remove(spare.id)).toEqual({ ok: true, value: spare });
      expect(await h.stores.roles.remove(spare.id)).toEqual({ ok: false, reason: 'not-found' });
      await h.stores.organizations.delete(created.id);
      expect(await h.stores.roles.findById(created.id, held.id)).toBeNull();
    });
  });
}
