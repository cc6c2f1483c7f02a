import { ManualClock, silentLogger, uuid } from '@tend/kernel';
import { DevOutboxMailer } from '@tend/mailer';
import { organizationsConfig } from '../config.js';
import type { Actor, Invitation } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { AcceptInvitation } from '../use-cases/accept-invitation.js';
import { CreateOrganization } from '../use-cases/create-organization.js';
import { InviteMember } from '../use-cases/invite-member.js';
import { JoinOrganization } from '../use-cases/join-organization.js';
import { CONTRACT_NOW, session, tally, user, type OrganizationStoresHarness } from './harness.js';

/**
 * The races of the organization routes, through the use cases on an adapter: each ends with
 * exactly one winner (or never passes a limit), and every loser gets the spec's 4xx, never a 500.
 */
export function organizationRacesContract(name: string, open: () => Promise<OrganizationStoresHarness>): void {
  describe(`organization races: ${name}`, () => {
    let h: OrganizationStoresHarness;
    const clock = new ManualClock(CONTRACT_NOW);
    beforeAll(async () => {
      h = await open();
    });
    afterAll(() => h.close());

    async function actor(email?: string): Promise<Actor> {
      const created = await user(h, email ? { email } : {});
      const s = await session(h, created.id);
      return { userId: created.id, email: created.email, sessionToken: s.token, activeOrganizationId: null };
    }

    it('creates one organization of ten parallel creations with one slug; the rest answer 400 ORGANIZATION_ALREADY_EXISTS', async () => {
      const create = new CreateOrganization(h.stores, clock);
      const slug = `race-${uuid()}`;
      const actors = await Promise.all(Array.from({ length: 10 }, () => actor()));
      const { fulfilled, rejected } = tally(await Promise.allSettled(actors.map((a) => create.execute({ actor: a, name: 'Race', slug }))));
      expect(fulfilled).toHaveLength(1);
      expect(rejected).toHaveLength(9);
      for (const error of rejected) expect(error).toMatchObject(ORGANIZATION_ERRORS.ORGANIZATION_ALREADY_EXISTS);
      const winner = fulfilled[0]!;
      expect(await h.stores.organizations.findBySlug(slug)).toMatchObject({ id: winner.organization.id });
      expect(await h.stores.members.count(winner.organization.id)).toBe(1);
      const winnerActor = actors.find((a) => a.userId === winner.member.userId)!;
      expect(await h.activeOrganizationOf(winnerActor.sessionToken)).toBe(winner.organization.id);
    });

    it('creates one member of ten parallel accepts of one invitation; the rest answer 400 INVITATION_NOT_FOUND', async () => {
      const owner = await actor();
      const { organization } = await new CreateOrganization(h.stores, clock).execute({ actor: owner, name: 'Accept race', slug: `accept-${uuid()}` });
      const bob = await actor();
      const invite = new InviteMember(h.stores, new DevOutboxMailer(), silentLogger, clock, 'https://app.example');
      const { invitation } = await invite.execute({ actor: { ...owner, activeOrganizationId: organization.id }, email: bob.email, role: 'member' });
      const sessions = await Promise.all(Array.from({ length: 10 }, async () => ({ ...bob, sessionToken: (await session(h, bob.userId)).token })));
      const accept = new AcceptInvitation(h.stores, clock);
      const { fulfilled, rejected } = tally(await Promise.allSettled(sessions.map((a) => accept.execute({ actor: a, invitationId: invitation.id }))));
      expect(fulfilled).toHaveLength(1);
      for (const error of rejected) expect(error).toMatchObject(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
      expect(await h.stores.members.count(organization.id)).toBe(2);
      expect(await h.stores.invitations.findById(invitation.id)).toMatchObject({ status: 'accepted' });
    });

    it('never passes the membership limit with parallel accepts; the rest answer 403 ORGANIZATION_MEMBERSHIP_LIMIT_REACHED', async () => {
      const config = organizationsConfig({ membershipLimit: 4 });
      const owner = await actor();
      const { organization } = await new CreateOrganization(h.stores, clock, config).execute({ actor: owner, name: 'Limit race', slug: `limit-${uuid()}` });
      const invite = new InviteMember(h.stores, new DevOutboxMailer(), silentLogger, clock, 'https://app.example', config);
      const guests = await Promise.all(Array.from({ length: 8 }, () => actor()));
      const invitations: Invitation[] = [];
      for (const guest of guests) invitations.push((await invite.execute({ actor: { ...owner, activeOrganizationId: organization.id }, email: guest.email, role: 'member' })).invitation);
      const accept = new AcceptInvitation(h.stores, clock, config);
      const { fulfilled, rejected } = tally(await Promise.allSettled(guests.map((guest, i) => accept.execute({ actor: guest, invitationId: invitations[i]!.id }))));
      expect(fulfilled).toHaveLength(3);
      expect(rejected).toHaveLength(5);
      for (const error of rejected) expect(error).toMatchObject(ORGANIZATION_ERRORS.ORGANIZATION_MEMBERSHIP_LIMIT_REACHED);
      expect(await h.stores.members.count(organization.id)).toBe(4);
    });

    it('never passes the membership limit with parallel joins (SSO), nor adds one user twice', async () => {
      const owner = await actor();
      const { organization } = await new CreateOrganization(h.stores, clock).execute({ actor: owner, name: 'Join race', slug: `join-${uuid()}` });
      const join = new JoinOrganization(h.stores, clock, { membershipLimit: 4 });
      const people = await Promise.all(Array.from({ length: 8 }, () => actor()));
      const input = (userId: string) => ({ organizationId: organization.id, userId, role: 'member', via: 'sso' });
      const results = await Promise.all([...people.map((p) => join.execute(input(p.userId))), join.execute(input(people[0]!.userId))]);
      expect(results.filter((r) => r === 'joined')).toHaveLength(3);
      expect(results.filter((r) => r !== 'joined').every((r) => r === 'limit-reached' || r === 'already-member')).toBe(true);
      expect(await h.stores.members.count(organization.id)).toBe(4);
    });
  });
}
