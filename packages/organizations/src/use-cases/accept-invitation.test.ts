import { organizationsConfig } from '../config.js';
import type { Actor } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { AcceptInvitation } from './accept-invitation.js';
import { InviteMember } from './invite-member.js';

async function setup(config = organizationsConfig()) {
  const f = organizationFixture();
  const ownerActor = await f.signUp();
  const { organization, team } = await f.organization(ownerActor);
  const owner = { ...ownerActor, activeOrganizationId: organization.id };
  const invite = (email: string, extra: { teamId?: string; role?: string } = {}) =>
    new InviteMember(f.stores, f.mailer, f.logger, f.clock, 'https://app.example', config).execute({ actor: owner, email, role: extra.role ?? 'admin', ...(extra.teamId ? { teamId: extra.teamId } : {}) });
  return { f, organization, team, owner, invite, accept: new AcceptInvitation(f.stores, f.clock, config) };
}

describe('AcceptInvitation', () => {
  it("makes the recipient a member with the invitation's role and team, and the organization their active one", async () => {
    const { f, organization, team, invite, accept } = await setup();
    const bob = await f.signUp({ email: 'bob@example.com' });
    const { invitation } = await invite('BOB@example.com', { teamId: team.id });
    const result = await accept.execute({ actor: bob, invitationId: invitation.id });
    expect(result.invitation).toEqual({ ...invitation, status: 'accepted' });
    expect(result.member).toMatchObject({ organizationId: organization.id, userId: bob.userId, role: 'admin', teamId: team.id, createdAt: f.clock.now() });
    expect(result.activeOrganizationId).toBe(organization.id);
    expect(f.refresh(bob).activeOrganizationId).toBe(organization.id);
  });

  it('accepts for the recipient whose email matches case-insensitively only: 403 YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION', async () => {
    const { f, invite, accept } = await setup();
    const eve = await f.signUp({ email: 'eve@example.com' });
    const { invitation } = await invite('bob@example.com');
    await expect(accept.execute({ actor: eve, invitationId: invitation.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION);
    const bob = await f.signUp({ email: 'bob@example.com' });
    await expect(accept.execute({ actor: { ...bob, email: 'Bob@Example.COM' }, invitationId: invitation.id })).resolves.toBeDefined();
  });

  it('answers 400 INVITATION_NOT_FOUND for an unknown, expired, accepted or canceled invitation', async () => {
    const { f, invite, accept } = await setup();
    const bob = await f.signUp({ email: 'bob@example.com' });
    await expect(accept.execute({ actor: bob, invitationId: 'nope' })).rejects.toMatchObject(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
    const { invitation } = await invite('bob@example.com');
    await f.stores.invitations.settle(invitation.id, 'canceled');
    await expect(accept.execute({ actor: bob, invitationId: invitation.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
    const second = await invite('bob@example.com');
    f.clock.advance(172_800_000);
    await expect(accept.execute({ actor: bob, invitationId: second.invitation.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
  });

  it('creates one member of ten parallel accepts of one invitation; the rest answer 400 INVITATION_NOT_FOUND', async () => {
    const { f, organization, invite, accept } = await setup();
    const bob = await f.signUp({ email: 'bob@example.com' });
    const { invitation } = await invite('bob@example.com');
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => accept.execute({ actor: bob, invitationId: invitation.id })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
    expect(await f.stores.members.count(organization.id)).toBe(2);
  });

  it('answers 403 ORGANIZATION_MEMBERSHIP_LIMIT_REACHED at the membership limit, even for parallel accepts', async () => {
    const { f, organization, invite, accept } = await setup(organizationsConfig({ membershipLimit: 3 }));
    const guests: Actor[] = [];
    for (let i = 0; i < 4; i += 1) guests.push(await f.signUp({ email: `guest${i}@example.com` }));
    const invitations = await Promise.all(guests.map((guest) => invite(guest.email)));
    const results = await Promise.allSettled(guests.map((guest, i) => accept.execute({ actor: guest, invitationId: invitations[i]!.invitation.id })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject(ORGANIZATION_ERRORS.ORGANIZATION_MEMBERSHIP_LIMIT_REACHED);
    expect(await f.stores.members.count(organization.id)).toBe(3);
  });

  it('answers 400 USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION when the recipient joined meanwhile', async () => {
    const { f, organization, invite, accept } = await setup();
    const bob = await f.signUp({ email: 'bob@example.com' });
    const { invitation } = await invite('bob@example.com');
    await f.join(organization.id, bob);
    await expect(accept.execute({ actor: bob, invitationId: invitation.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION);
    expect(await f.stores.invitations.findById(invitation.id)).toMatchObject({ status: 'pending' });
  });
});

