import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { CancelInvitation } from './cancel-invitation.js';

async function setup() {
  const f = organizationFixture();
  const owner = await f.signUp();
  const { organization } = await f.organization(owner);
  const bob = await f.signUp({ email: 'bob@example.com' });
  const invitation = await f.invite(owner, organization.id, 'bob@example.com');
  return { f, organization, owner, bob, invitation, cancel: new CancelInvitation(f.stores) };
}

describe('CancelInvitation', () => {
  it('lets a member with invitation cancel permission cancel a pending invitation', async () => {
    const { f, organization, invitation, cancel } = await setup();
    const admin = await f.signUp();
    await f.join(organization.id, admin, 'admin');
    expect(await cancel.execute({ actor: admin, invitationId: invitation.id })).toEqual({ ...invitation, status: 'canceled' });
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION for a plain member', async () => {
    const { f, organization, invitation, cancel } = await setup();
    const member = await f.signUp();
    await f.join(organization.id, member);
    await expect(cancel.execute({ actor: member, invitationId: invitation.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION);
  });

  it("answers 403 YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION for anyone outside the invitation's organization", async () => {
    const { bob, invitation, cancel } = await setup();
    await expect(cancel.execute({ actor: bob, invitationId: invitation.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
  });

  it('answers 400 INVITATION_NOT_FOUND for an unknown or settled invitation', async () => {
    const { f, owner, invitation, cancel } = await setup();
    await expect(cancel.execute({ actor: owner, invitationId: 'nope' })).rejects.toMatchObject(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
    await f.stores.invitations.settle(invitation.id, 'rejected');
    await expect(cancel.execute({ actor: owner, invitationId: invitation.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
  });
});
