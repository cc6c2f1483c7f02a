import { HOUR } from '@tend/kernel';
import { organizationsConfig } from '../config.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { InviteMember } from './invite-member.js';

async function setup(config = organizationsConfig()) {
  const f = organizationFixture();
  const ownerActor = await f.signUp({ name: 'Grace' });
  const { organization, team } = await f.organization(ownerActor, { name: 'Calm Coaches' });
  const adminActor = await f.signUp();
  await f.join(organization.id, adminActor, 'admin');
  const memberActor = await f.signUp({ email: 'member@example.com' });
  await f.join(organization.id, memberActor);
  const active = <T extends { activeOrganizationId: string | null }>(actor: T) => ({ ...actor, activeOrganizationId: organization.id });
  const invite = new InviteMember(f.stores, f.mailer, f.logger, f.clock, 'https://app.tend.example/', config);
  return { f, organization, team, ownerActor: active(ownerActor), adminActor: active(adminActor), memberActor: active(memberActor), invite };
}

describe('InviteMember', () => {
  it('creates a pending invitation that expires in 48 hours and mails a link to the web invitation page', async () => {
    const { f, organization, team, adminActor, invite } = await setup();
    const { invitation, renewed, mailed } = await invite.execute({ actor: adminActor, email: ' Bob@Example.com ', role: 'member', teamId: team.id });
    expect(invitation).toMatchObject({
      organizationId: organization.id,
      email: 'bob@example.com',
      role: 'member',
      status: 'pending',
      teamId: team.id,
      inviterId: adminActor.userId,
      expiresAt: new Date(f.clock.now().getTime() + 172_800_000),
    });
    expect({ renewed, mailed }).toEqual({ renewed: false, mailed: true });
    const mail = f.mailer.latest('bob@example.com');
    expect(mail).toMatchObject({ purpose: 'invitation', subject: 'Ada invited you to Calm Coaches on Tend' });
    expect(mail?.links[0]).toBe(`https://app.tend.example/invitations/${invitation.id}`);
    expect(mail?.text).toContain('This invitation expires in 2 days.');
  });

  it('answers 400 USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION for a second pending invitation', async () => {
    const { ownerActor, invite } = await setup();
    await invite.execute({ actor: ownerActor, email: 'bob@example.com', role: 'member' });
    await expect(invite.execute({ actor: ownerActor, email: 'BOB@example.com', role: 'admin' })).rejects.toMatchObject(ORGANIZATION_ERRORS.USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION);
  });

  it('with resend, renews the pending invitation and mails it again', async () => {
    const { f, ownerActor, invite } = await setup();
    const first = await invite.execute({ actor: ownerActor, email: 'bob@example.com', role: 'member' });
    f.clock.advance(HOUR);
    const again = await invite.execute({ actor: ownerActor, email: 'bob@example.com', role: 'admin', resend: true });
    expect(again.renewed).toBe(true);
    expect(again.invitation).toMatchObject({ id: first.invitation.id, role: 'admin', expiresAt: new Date(f.clock.now().getTime() + 172_800_000) });
    expect(f.mailer.list().filter((mail) => mail.to === 'bob@example.com')).toHaveLength(2);
  });

  it('invites again once the earlier invitation expired', async () => {
    const { f, ownerActor, invite } = await setup(organizationsConfig({ invitationExpiresIn: 60 }));
    const first = await invite.execute({ actor: ownerActor, email: 'bob@example.com', role: 'member' });
    f.clock.advance(61_000);
    expect((await invite.execute({ actor: ownerActor, email: 'bob@example.com', role: 'member' })).invitation.id).not.toBe(first.invitation.id);
  });

  it('keeps the invitation when the mail cannot be sent, and logs the failure without the address or link', async () => {
    const { f, ownerActor, invite } = await setup();
    f.mailer.failNext();
    const { invitation, mailed } = await invite.execute({ actor: ownerActor, email: 'bob@example.com', role: 'member' });
    expect(mailed).toBe(false);
    expect(await f.stores.invitations.findById(invitation.id)).toMatchObject({ status: 'pending' });
    const logged = f.logger.entries.find((entry) => entry.level === 'error');
    expect(logged).toMatchObject({ message: 'Mail not sent', fields: { purpose: 'invitation' } });
    expect(JSON.stringify(f.logger.entries)).not.toContain('bob@example.com');
    expect(JSON.stringify(f.logger.entries)).not.toContain(invitation.id);
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION for a plain member', async () => {
    const { memberActor, invite } = await setup();
    await expect(invite.execute({ actor: memberActor, email: 'bob@example.com', role: 'member' })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION);
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_INVITE_A_USER_WITH_THIS_ROLE when an admin invites an owner; an owner may', async () => {
    const { adminActor, ownerActor, invite } = await setup();
    await expect(invite.execute({ actor: adminActor, email: 'bob@example.com', role: 'member,owner' })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_INVITE_A_USER_WITH_THIS_ROLE);
    expect((await invite.execute({ actor: ownerActor, email: 'bob@example.com', role: ['owner'] })).invitation.role).toBe('owner');
  });

  it('answers 400 USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION for a member’s email', async () => {
    const { ownerActor, invite } = await setup();
    await expect(invite.execute({ actor: ownerActor, email: 'Member@Example.com', role: 'member' })).rejects.toMatchObject(ORGANIZATION_ERRORS.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION);
  });

  it("answers 400 TEAM_NOT_FOUND for an unknown team or another organization's team, and 400 ROLE_NOT_FOUND for an unknown role", async () => {
    const { f, ownerActor, invite } = await setup();
    const elsewhere = await f.organization(await f.signUp());
    await expect(invite.execute({ actor: ownerActor, email: 'bob@example.com', role: 'member', teamId: 'nope' })).rejects.toMatchObject(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
    await expect(invite.execute({ actor: ownerActor, email: 'bob@example.com', role: 'member', teamId: elsewhere.team.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
    await expect(invite.execute({ actor: ownerActor, email: 'bob@example.com', role: 'coach' })).rejects.toMatchObject(ORGANIZATION_ERRORS.ROLE_NOT_FOUND);
  });

  it('answers 403 YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION for others and 400 NO_ACTIVE_ORGANIZATION without one', async () => {
    const { f, organization, invite } = await setup();
    const eve = await f.signUp();
    await expect(invite.execute({ actor: eve, organizationId: organization.id, email: 'bob@example.com', role: 'member' })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
    await expect(invite.execute({ actor: eve, email: 'bob@example.com', role: 'member' })).rejects.toMatchObject(ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION);
  });
});
