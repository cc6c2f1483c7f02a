import { uuid } from '@tend/kernel';
import type { Team } from '../entities.js';
import { CONTRACT_NOW, HOUR, member, organization, user, type OrganizationStoresHarness } from './harness.js';

/** The behaviour every TeamRepository adapter must have; run it once per adapter. */
export function teamRepositoryContract(name: string, open: () => Promise<OrganizationStoresHarness>): void {
  describe(`TeamRepository contract: ${name}`, () => {
    let h: OrganizationStoresHarness;
    beforeAll(async () => {
      h = await open();
    });
    afterAll(() => h.close());

    async function setup() {
      const ada = await user(h);
      return { ada, ...(await organization(h, ada.id)) };
    }
    const draft = (organizationId: string, fields: Partial<Team> = {}): Team => ({
      id: uuid(),
      name: 'Coaches',
      organizationId,
      createdAt: new Date(CONTRACT_NOW.getTime() + HOUR),
      updatedAt: new Date(CONTRACT_NOW.getTime() + HOUR),
      ...fields,
    });

    it('creates, finds and lists teams oldest first', async () => {
      const { organization: created, team } = await setup();
      const coaches = draft(created.id);
      expect(await h.stores.teams.create(coaches)).toEqual(coaches);
      expect(await h.stores.teams.findById(coaches.id)).toEqual(coaches);
      expect(await h.stores.teams.list(created.id)).toEqual([team, coaches]);
      expect(await h.stores.teams.findById(uuid())).toBeNull();
      expect(await h.stores.teams.list(uuid())).toEqual([]);
    });

    it('keeps a null updatedAt', async () => {
      const { organization: created } = await setup();
      const plain = draft(created.id, { updatedAt: null });
      await h.stores.teams.create(plain);
      expect(await h.stores.teams.findById(plain.id)).toEqual(plain);
    });

    it('renames a team, and answers null for an unknown one', async () => {
      const { team } = await setup();
      const at = new Date(CONTRACT_NOW.getTime() + 2 * HOUR);
      expect(await h.stores.teams.update(team.id, { name: 'Renamed', updatedAt: at })).toEqual({ ...team, name: 'Renamed', updatedAt: at });
      expect(await h.stores.teams.update(uuid(), { name: 'x', updatedAt: at })).toBeNull();
    });

    it('removes a team and clears it from its members', async () => {
      const { ada, organization: created } = await setup();
      const coaches = await h.stores.teams.create(draft(created.id));
      const joined = await member(h, created.id, ada.id, await user(h), { teamId: coaches.id });
      expect(await h.stores.teams.remove(coaches.id, { keepLast: true })).toEqual({ ok: true, value: coaches });
      expect(await h.stores.teams.findById(coaches.id)).toBeNull();
      expect((await h.stores.members.findById(joined.id))?.teamId).toBeNull();
      expect(await h.stores.teams.remove(coaches.id, { keepLast: true })).toEqual({ ok: false, reason: 'not-found' });
    });

    it('answers last-team for the only team when it must stay, and removes it when not', async () => {
      const { organization: created, owner, team } = await setup();
      expect(await h.stores.teams.remove(team.id, { keepLast: true })).toEqual({ ok: false, reason: 'last-team' });
      expect(await h.stores.teams.remove(team.id, { keepLast: false })).toEqual({ ok: true, value: team });
      expect(await h.stores.teams.list(created.id)).toEqual([]);
      expect((await h.stores.members.findById(owner.id))?.teamId).toBeNull();
    });

    it('keeps one team when the last two are removed at once', async () => {
      const { organization: created, team } = await setup();
      const coaches = await h.stores.teams.create(draft(created.id));
      const results = await Promise.all([h.stores.teams.remove(team.id, { keepLast: true }), h.stores.teams.remove(coaches.id, { keepLast: true })]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(await h.stores.teams.list(created.id)).toHaveLength(1);
    });
  });
}
