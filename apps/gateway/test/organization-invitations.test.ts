import { IDENTITY_ERRORS } from '@tend/identity';
import { ORGANIZATION_ERRORS as E, REJECT_INVITATION_ERRORS } from '@tend/organizations';
import { TOKENS } from '../src/tokens.js';
import { addMember, createOrganization, expectError, invite, newUser, organizationConfig, startGateway, type TestGateway } from './harness/index.js';

const WEB = 'https://app.tend.example';
const TWO_DAYS = 172_800_000;

describe('organization invitations', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway(organizationConfig({ webURL: WEB }));
  });
  afterAll(() => gateway.close());

  const outbox = () => gateway.container.get(TOKENS.DevOutbox)!;

  it('mails the invitation to the development outbox; the recipient reads it, sees it listed and accepts it', async () => {
    const owner = await newUser(gateway, 'Owner');
    const invitee = await newUser(gateway, 'Invitee');
    const organization = await createOrganization(owner, 'Calm Coaches');
    const teamId = organization.members[0]!.teamId!;
    const invitation = await invite(owner, organization.id, invitee.user.email.toUpperCase(), 'admin', { teamId });
    expect(invitation).toMatchObject({ email: invitee.user.email, role: 'admin', status: 'pending', organizationId: organization.id, teamId });
    expect(new Date(invitation.expiresAt).getTime()).toBe(gateway.clock.now().getTime() + TWO_DAYS);

    const { mails } = (await gateway.http.get('/api/dev/outbox').expect(200)).body as { mails: Array<{ to: string; purpose: string; subject: string; text: string; links: string[] }> };
    const mail = mails.find((m) => m.to === invitee.user.email && m.purpose === 'invitation');
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('Calm Coaches');
    expect(mail!.links[0]).toBe(`${WEB}/invitations/${invitation.id}`);
    const invitationId = mail!.links[0]!.split('/').pop()!;

    const details = await invitee.get('/organization/get-invitation', { id: invitationId });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ id: invitation.id, organizationName: 'Calm Coaches', organizationSlug: organization.slug, inviterEmail: owner.user.email });
    const listed = await invitee.get('/organization/list-user-invitations');
    expect(listed.body).toEqual([expect.objectContaining({ id: invitation.id, organizationName: 'Calm Coaches', organizationSlug: organization.slug })]);
    expect((await owner.get('/organization/list-invitations', { organizationId: organization.id })).body).toEqual([expect.objectContaining({ id: invitation.id, status: 'pending' })]);

    const accepted = await invitee.post('/organization/accept-invitation', { invitationId });
    expect(accepted.status).toBe(200);
    expect(accepted.body.invitation).toMatchObject({ id: invitation.id, status: 'accepted' });
    expect(accepted.body.member).toMatchObject({ organizationId: organization.id, userId: invitee.user.id, role: 'admin', teamId });
    expect(await invitee.activeOrganizationId()).toBe(organization.id);
    expect((await invitee.get('/organization/list-user-invitations')).body).toEqual([]);
    expectError(await invitee.post('/organization/accept-invitation', { invitationId }), E.INVITATION_NOT_FOUND);
  });

  it('rejects: answers {invitation, member: null}, and "Invitation not found!" afterwards', async () => {
    const owner = await newUser(gateway, 'Owner');
    const invitee = await newUser(gateway, 'Invitee');
    const organization = await createOrganization(owner);
    const invitation = await invite(owner, organization.id, invitee);
    const res = await invitee.post('/organization/reject-invitation', { invitationId: invitation.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ invitation: expect.objectContaining({ id: invitation.id, status: 'rejected' }), member: null });
    expectError(await invitee.post('/organization/reject-invitation', { invitationId: invitation.id }), REJECT_INVITATION_ERRORS.INVITATION_NOT_FOUND);
    expectError(await invitee.post('/organization/reject-invitation', { invitationId: 'no-such-invitation' }), REJECT_INVITATION_ERRORS.INVITATION_NOT_FOUND);
    expectError(await invitee.post('/organization/accept-invitation', { invitationId: invitation.id }), E.INVITATION_NOT_FOUND);
  });

  it('cancels: an admin cancels a pending invitation, which can no longer be accepted', async () => {
    const owner = await newUser(gateway, 'Owner');
    const admin = await newUser(gateway, 'Admin');
    const invitee = await newUser(gateway, 'Invitee');
    const organization = await createOrganization(owner);
    await addMember(owner, organization.id, admin, 'admin');
    const invitation = await invite(owner, organization.id, invitee);
    const res = await admin.post('/organization/cancel-invitation', { invitationId: invitation.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: invitation.id, status: 'canceled' });
    expectError(await admin.post('/organization/cancel-invitation', { invitationId: invitation.id }), E.INVITATION_NOT_FOUND);
    expectError(await invitee.post('/organization/accept-invitation', { invitationId: invitation.id }), E.INVITATION_NOT_FOUND);
    expectError(await invitee.get('/organization/get-invitation', { id: invitation.id }), E.INVITATION_NOT_FOUND);
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION to a plain member, and 400 INVITATION_NOT_FOUND for an unknown one', async () => {
    const owner = await newUser(gateway, 'Owner');
    const member = await newUser(gateway, 'Member');
    const organization = await createOrganization(owner);
    await addMember(owner, organization.id, member);
    const invitation = await invite(owner, organization.id, 'someone@example.com');
    expectError(await member.post('/organization/cancel-invitation', { invitationId: invitation.id }), E.YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION);
    expectError(await member.post('/organization/cancel-invitation', { invitationId: 'no-such-invitation' }), E.INVITATION_NOT_FOUND);
  });

  it('answers 403 YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION to anyone else', async () => {
    const owner = await newUser(gateway, 'Owner');
    const invitee = await newUser(gateway, 'Invitee');
    const organization = await createOrganization(owner);
    const invitation = await invite(owner, organization.id, invitee);
    for (const res of [
      await owner.post('/organization/accept-invitation', { invitationId: invitation.id }),
      await owner.post('/organization/reject-invitation', { invitationId: invitation.id }),
      await owner.get('/organization/get-invitation', { id: invitation.id }),
    ]) {
      expectError(res, E.YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION);
    }
    expect((await owner.get('/organization/list-user-invitations')).body).toEqual([]);
  });

  it('answers 400 INVITATION_NOT_FOUND for an unknown or expired invitation', async () => {
    const owner = await newUser(gateway, 'Owner');
    const invitee = await newUser(gateway, 'Invitee');
    const organization = await createOrganization(owner);
    expectError(await invitee.post('/organization/accept-invitation', { invitationId: 'no-such-invitation' }), E.INVITATION_NOT_FOUND);
    expectError(await invitee.get('/organization/get-invitation', { id: 'no-such-invitation' }), E.INVITATION_NOT_FOUND);
    const invitation = await invite(owner, organization.id, invitee);
    gateway.clock.advance(TWO_DAYS + 1000);
    expectError(await invitee.post('/organization/accept-invitation', { invitationId: invitation.id }), E.INVITATION_NOT_FOUND);
    expectError(await invitee.get('/organization/get-invitation', { id: invitation.id }), E.INVITATION_NOT_FOUND);
    expectError(await invitee.post('/organization/reject-invitation', { invitationId: invitation.id }), REJECT_INVITATION_ERRORS.INVITATION_NOT_FOUND);
    expect((await invitee.get('/organization/list-user-invitations')).body).toEqual([]);
    // An expired invitation no longer blocks a new one.
    expect((await owner.post('/organization/invite-member', { email: invitee.user.email, role: 'member' })).status).toBe(200);
  });

  it('answers 400 USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION, unless resend (which mails again and extends the expiry)', async () => {
    const owner = await newUser(gateway, 'Owner');
    const organization = await createOrganization(owner);
    const email = `again.${organization.id}@example.com`;
    const first = await invite(owner, organization.id, email);
    expectError(await owner.post('/organization/invite-member', { email, role: 'member' }), E.USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION);
    gateway.clock.advance(60_000);
    const resent = await owner.post('/organization/invite-member', { email, role: 'admin', resend: true });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: first.id, role: 'admin' });
    expect(new Date(resent.body.expiresAt).getTime()).toBeGreaterThan(new Date(first.expiresAt).getTime());
    expect(outbox().list().filter((mail) => mail.to === email && mail.purpose === 'invitation')).toHaveLength(2);
  });

  it('answers 400 USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION for a member’s address', async () => {
    const owner = await newUser(gateway, 'Owner');
    const organization = await createOrganization(owner);
    expectError(await owner.post('/organization/invite-member', { email: owner.user.email, role: 'member', organizationId: organization.id }), E.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION);
  });

  it('answers 403 to members without invitation create permission, and to admins inviting an owner', async () => {
    const owner = await newUser(gateway, 'Owner');
    const admin = await newUser(gateway, 'Admin');
    const member = await newUser(gateway, 'Member');
    const organization = await createOrganization(owner);
    await addMember(owner, organization.id, admin, 'admin');
    await addMember(owner, organization.id, member);
    expectError(await member.post('/organization/invite-member', { email: 'x@example.com', role: 'member' }), E.YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION);
    expectError(await admin.post('/organization/invite-member', { email: 'x@example.com', role: 'owner' }), E.YOU_ARE_NOT_ALLOWED_TO_INVITE_A_USER_WITH_THIS_ROLE);
    expect((await admin.post('/organization/invite-member', { email: 'x@example.com', role: 'admin' })).status).toBe(200);
    expect((await owner.post('/organization/invite-member', { email: 'y@example.com', role: 'owner' })).status).toBe(200);
  });

  it('answers 400 ROLE_NOT_FOUND, 400 TEAM_NOT_FOUND, 400 INVALID_EMAIL and 400 NO_ACTIVE_ORGANIZATION', async () => {
    const owner = await newUser(gateway, 'Owner');
    const organization = await createOrganization(owner);
    const other = await createOrganization(await newUser(gateway, 'Other'));
    expectError(await owner.post('/organization/invite-member', { email: 'x@example.com', role: 'superuser' }), E.ROLE_NOT_FOUND);
    expectError(await owner.post('/organization/invite-member', { email: 'x@example.com', role: 'member', teamId: other.members[0]!.teamId }), E.TEAM_NOT_FOUND);
    expectError(await owner.post('/organization/invite-member', { email: 'not an email', role: 'member', organizationId: organization.id }), IDENTITY_ERRORS.INVALID_EMAIL);
    const loner = await newUser(gateway, 'Loner');
    expectError(await loner.post('/organization/invite-member', { email: 'x@example.com', role: 'member' }), E.NO_ACTIVE_ORGANIZATION);
  });

  it('keeps the invitation when the mail fails', async () => {
    const owner = await newUser(gateway, 'Owner');
    const organization = await createOrganization(owner);
    outbox().failNext();
    const invitation = await invite(owner, organization.id, 'unlucky@example.com');
    expect((await owner.get('/organization/list-invitations')).body.map((i: { id: string }) => i.id)).toContain(invitation.id);
  });

  it('answers 400 INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION once the inviter left', async () => {
    const owner = await newUser(gateway, 'Owner');
    const admin = await newUser(gateway, 'Admin');
    const invitee = await newUser(gateway, 'Invitee');
    const organization = await createOrganization(owner);
    await addMember(owner, organization.id, admin, 'admin');
    const invitation = await invite(admin, organization.id, invitee);
    await admin.post('/organization/leave', { organizationId: organization.id });
    expectError(await invitee.get('/organization/get-invitation', { id: invitation.id }), E.INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION);
  });

  it('GET /organization/list-invitations answers 400 ORGANIZATION_ID_IS_REQUIRED without organization, 403 to non-members', async () => {
    const organization = await createOrganization(await newUser(gateway, 'Owner'));
    const stranger = await newUser(gateway, 'Stranger');
    expectError(await stranger.get('/organization/list-invitations'), E.ORGANIZATION_ID_IS_REQUIRED);
    expectError(await stranger.get('/organization/list-invitations', { organizationId: organization.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
  });
});
