import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { RejectInvitation } from './reject-invitation.js';

async function setup() {
  const f = organizationFixture();
  const owner = await f.signUp();
  const { organization } = await f.organization(owner);
  const bob = await f.signUp({ email: 'bob@example.com' });
  const invitation = await f.invite(owner, organization.id, 'bob@example.com');
  return { f, owner, bob, invitation, reject: new RejectInvitation(f.stores, f.clock) };
}

describe('RejectInvitation', () => {
  it('lets the recipient reject a pending invitation: { invitation, member: null }', async () => {
    const { bob, invitation, reject } = await setup();
    expect(await reject.execute({ actor: { ...bob, email: 'BOB@example.com' }, invitationId: invitation.id })).toEqual({ invitation: { ...invitation, status: 'rejected' }, member: null });
  });

  it("answers 400 INVITATION_NOT_FOUND with 'Invitation not found!' once it is no longer pending, or for an unknown id", async () => {
    const { bob, invitation, reject } = await setup();
    await reject.execute({ actor: bob, invitationId: invitation.id });
    await expect(reject.execute({ actor: bob, invitationId: invitation.id })).rejects.toMatchObject({ status: 400, code: 'INVITATION_NOT_FOUND', message: 'Invitation not found!' });
    await expect(reject.execute({ actor: bob, invitationId: 'nope' })).rejects.toMatchObject({ status: 400, code: 'INVITATION_NOT_FOUND', message: 'Invitation not found!' });
  });

  it("answers 400 'Invitation not found!' once expired", async () => {
    const { f, bob, invitation, reject } = await setup();
    f.clock.advance(172_800_000);
    await expect(reject.execute({ actor: bob, invitationId: invitation.id })).rejects.toMatchObject({ code: 'INVITATION_NOT_FOUND', message: 'Invitation not found!' });
  });

  it('answers 403 YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION for anyone else', async () => {
    const { owner, invitation, reject } = await setup();
    await expect(reject.execute({ actor: owner, invitationId: invitation.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION);
  });
});
