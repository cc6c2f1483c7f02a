import { uuid } from '@tend/kernel';
import { CONTRACT_NOW, draftInvitation, HOUR, invitation, member, organization, tally, user, type OrganizationStoresHarness } from './harness.js';

const LATER = new Date(CONTRACT_NOW.getTime() + 49 * HOUR);

/** The behaviour every InvitationRepository adapter must have, races included; run it once per adapter. */
export function invitationRepositoryContract(name: string, open: () => Promise<OrganizationStoresHarness>): void {
  describe(`InvitationRepository contract: ${name}`, () => {
    let h: OrganizationStoresHarness;
    beforeAll(async () => {
      h = await open();
    });
    afterAll(() => h.close());

    async function setup() {
      const ada = await user(h);
      return { ada, ...(await organization(h, ada.id, { name: 'Calm Coaches' })) };
    }
    const accept = (id: string, userId: string, membershipLimit = 100, now = CONTRACT_NOW) =>
      h.stores.invitations.accept(id, { id: uuid(), userId, createdAt: now }, { now, membershipLimit });

    it('creates a pending invitation and finds it by id and as the pending one of its email', async () => {
      const { ada, organization: created, team } = await setup();
      const draft = draftInvitation(created.id, ada.id, { teamId: team.id, role: 'admin,member' });
      expect(await h.stores.invitations.create(draft, CONTRACT_NOW)).toEqual({ ok: true, value: draft });
      expect(await h.stores.invitations.findById(draft.id)).toEqual(draft);
      expect(await h.stores.invitations.findPending(created.id, draft.email, CONTRACT_NOW)).toEqual(draft);
      expect(await h.stores.invitations.findPending(created.id, draft.email, LATER)).toBeNull();
      expect(await h.stores.invitations.findById(uuid())).toBeNull();
    });

    it('answers already-invited while a pending invitation of the email is live, and invites again after', async () => {
      const { ada, organization: created } = await setup();
      const first = await invitation(h, created.id, ada.id);
      expect(await h.stores.invitations.create(draftInvitation(created.id, ada.id, { email: first.email }), CONTRACT_NOW)).toEqual({ ok: false, reason: 'already-invited' });
      expect((await h.stores.invitations.create(draftInvitation(created.id, ada.id, { email: first.email }), LATER)).ok).toBe(true);
      const other = await setup();
      expect((await h.stores.invitations.create(draftInvitation(other.organization.id, other.ada.id, { email: first.email }), CONTRACT_NOW)).ok).toBe(true);
    });

    it('answers organization-not-found for an unknown organization', async () => {
      const { ada } = await setup();
      expect(await h.stores.invitations.create(draftInvitation(uuid(), ada.id), CONTRACT_NOW)).toEqual({ ok: false, reason: 'organization-not-found' });
    });

    it("lists an organization's invitations newest first, and an email's live ones with their organizations", async () => {
      const { ada, organization: created } = await setup();
      const email = `${uuid()}@example.com`;
      const older = await invitation(h, created.id, ada.id, { email, createdAt: new Date(CONTRACT_NOW.getTime() - HOUR) });
      const newer = await invitation(h, created.id, ada.id);
      expect(await h.stores.invitations.listByOrganization(created.id)).toEqual([newer, older]);
      const elsewhere = await setup();
      const second = await invitation(h, elsewhere.organization.id, elsewhere.ada.id, { email });
      const settled = await setup();
      const canceled = await invitation(h, settled.organization.id, settled.ada.id, { email });
      await h.stores.invitations.settle(canceled.id, 'canceled');
      const live = await h.stores.invitations.listPendingByEmail(email, CONTRACT_NOW);
      expect(live).toEqual([
        { ...second, organizationName: 'Calm Coaches', organizationSlug: elsewhere.organization.slug },
        { ...older, organizationName: 'Calm Coaches', organizationSlug: created.slug },
      ]);
      expect(await h.stores.invitations.listPendingByEmail(email, LATER)).toEqual([]);
    });

    it('renews a pending invitation and nothing else', async () => {
      const { ada, organization: created, team } = await setup();
      const pending = await invitation(h, created.id, ada.id);
      const renewed = await h.stores.invitations.renew(pending.id, { expiresAt: LATER, role: 'admin', teamId: team.id });
      expect(renewed).toEqual({ ...pending, expiresAt: LATER, role: 'admin', teamId: team.id });
      await h.stores.invitations.settle(pending.id, 'canceled');
      expect(await h.stores.invitations.renew(pending.id, { expiresAt: LATER, role: 'member', teamId: null })).toBeNull();
    });

    it('settles a pending invitation once; an expired one only without the expiry check', async () => {
      const { ada, organization: created } = await setup();
      const pending = await invitation(h, created.id, ada.id);
      expect(await h.stores.invitations.settle(pending.id, 'rejected', CONTRACT_NOW)).toEqual({ ...pending, status: 'rejected' });
      expect(await h.stores.invitations.settle(pending.id, 'canceled')).toBeNull();
      const expiring = await invitation(h, created.id, ada.id);
      expect(await h.stores.invitations.settle(expiring.id, 'rejected', LATER)).toBeNull();
      expect(await h.stores.invitations.settle(expiring.id, 'canceled')).toMatchObject({ status: 'canceled' });
      expect(await h.stores.invitations.settle(uuid(), 'canceled')).toBeNull();
    });

    it("accepts: the member gets the invitation's organization, role and team", async () => {
      const { ada, organization: created, team } = await setup();
      const bob = await user(h);
      const pending = await invitation(h, created.id, ada.id, { email: bob.email, role: 'admin', teamId: team.id });
      const memberId = uuid();
      const accepted = await h.stores.invitations.accept(pending.id, { id: memberId, userId: bob.id, createdAt: CONTRACT_NOW }, { now: CONTRACT_NOW, membershipLimit: 100 });
      expect(accepted).toEqual({
        ok: true,
        value: {
          invitation: { ...pending, status: 'accepted' },
          member: { id: memberId, organizationId: created.id, userId: bob.id, role: 'admin', teamId: team.id, createdAt: CONTRACT_NOW },
        },
      });
      expect(await h.stores.invitations.findById(pending.id)).toMatchObject({ status: 'accepted' });
      expect(await accept(pending.id, bob.id)).toEqual({ ok: false, reason: 'not-pending' });
    });

    it('refuses to accept an unknown, expired or settled invitation, a member, or past the limit, and changes nothing', async () => {
      const { ada, organization: created } = await setup();
      const bob = await user(h);
      expect(await accept(uuid(), bob.id)).toEqual({ ok: false, reason: 'not-pending' });
      const pending = await invitation(h, created.id, ada.id, { email: bob.email });
      expect(await accept(pending.id, bob.id, 100, LATER)).toEqual({ ok: false, reason: 'not-pending' });
      expect(await accept(pending.id, bob.id, 1)).toEqual({ ok: false, reason: 'limit-reached' });
      expect(await accept(pending.id, ada.id)).toEqual({ ok: false, reason: 'already-member' });
      expect(await h.stores.invitations.findById(pending.id)).toEqual(pending);
      expect(await h.stores.members.count(created.id)).toBe(1);
      await h.stores.invitations.settle(pending.id, 'canceled');
      expect(await accept(pending.id, bob.id)).toEqual({ ok: false, reason: 'not-pending' });
    });

    it('loses its team when the team is removed', async () => {
      const { ada, organization: created } = await setup();
      const extra = await h.stores.teams.create({ id: uuid(), name: 'Extra', organizationId: created.id, createdAt: CONTRACT_NOW, updatedAt: CONTRACT_NOW });
      const pending = await invitation(h, created.id, ada.id, { teamId: extra.id });
      await h.stores.teams.remove(extra.id, { keepLast: true });
      expect((await h.stores.invitations.findById(pending.id))?.teamId).toBeNull();
    });

    it('creates one member of ten parallel accepts of one invitation; the rest answer not-pending', async () => {
      const { ada, organization: created } = await setup();
      const bob = await user(h);
      const pending = await invitation(h, created.id, ada.id, { email: bob.email });
      const results = await Promise.all(Array.from({ length: 10 }, () => accept(pending.id, bob.id)));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 9 }, () => ({ ok: false, reason: 'not-pending' })));
      expect(await h.stores.members.count(created.id)).toBe(2);
    });

    it('never passes the membership limit with parallel accepts of different invitations', async () => {
      const { ada, organization: created } = await setup();
      const guests = await Promise.all(Array.from({ length: 8 }, () => user(h)));
      const invitations = await Promise.all(guests.map((guest) => invitation(h, created.id, ada.id, { email: guest.email })));
      const results = await Promise.all(guests.map((guest, i) => accept(invitations[i]!.id, guest.id, 5)));
      expect(results.filter((r) => r.ok)).toHaveLength(4);
      expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 4 }, () => ({ ok: false, reason: 'limit-reached' })));
      expect(await h.stores.members.count(created.id)).toBe(5);
    });

    it('creates one invitation of parallel invitations of one address', async () => {
      const { ada, organization: created } = await setup();
      const email = `${uuid()}@example.com`;
      const results = await Promise.all(Array.from({ length: 5 }, () => h.stores.invitations.create(draftInvitation(created.id, ada.id, { email }), CONTRACT_NOW)));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect((await h.stores.invitations.listByOrganization(created.id)).filter((i) => i.email === email)).toHaveLength(1);
    });

    it('lets one of parallel settlements win', async () => {
      const { ada, organization: created } = await setup();
      const pending = await invitation(h, created.id, ada.id);
      const results = tally(await Promise.allSettled([h.stores.invitations.settle(pending.id, 'rejected', CONTRACT_NOW), h.stores.invitations.settle(pending.id, 'canceled')]));
      expect(results.rejected).toEqual([]);
      expect(results.fulfilled.filter((r) => r !== null)).toHaveLength(1);
    });

    it('answers already-member to a user who joined through another invitation', async () => {
      const { ada, organization: created } = await setup();
      const bob = await user(h);
      await member(h, created.id, ada.id, bob);
      const second = await invitation(h, created.id, ada.id, { email: bob.email });
      expect(await accept(second.id, bob.id)).toEqual({ ok: false, reason: 'already-member' });
      expect(await h.stores.members.count(created.id)).toBe(2);
    });
  });
}
