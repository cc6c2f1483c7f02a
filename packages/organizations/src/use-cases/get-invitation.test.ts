import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { GetInvitation } from './get-invitation.js';

async function setup() {
  const f = organizationFixture();
  const owner = await f.signUp({ email: 'grace@example.com' });
  const { organization } = await f.organization(owner, { name: 'Calm Coaches', slug: 'calm' });
  const bob = await f.signUp({ email: 'bob@example.com' });
  const invitation = await f.invite(owner, organization.id, 'bob@example.com');
  return { f, organization, owner, bob, invitation, get: new GetInvitation(f.stores, f.clock) };
}

describe('GetInvitation', () => {
  it('answers the invitation with the organization name and slug and the inviter email, for the recipient', async () => {
    const { bob, invitation, get } = await setup();
    expect(await get.execute({ actor: bob, invitationId: invitation.id })).toEqual({
      ...invitation,
      organizationName: 'Calm Coaches',
      organizationSlug: 'calm',
      inviterEmail: 'grace@example.com',
    });
  });

  it('answers 400 INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION once the inviter left', async () => {
    const { f, organization, owner, bob, invitation, get } = await setup();
    await f.join(organization.id, await f.signUp(), 'owner');
    const inviter = await f.stores.members.findByUser(organization.id, owner.userId);
    await f.stores.members.remove(inviter!.id, { ownerRole: 'owner' });
    await expect(get.execute({ actor: bob, invitationId: invitation.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION);
  });

  it('answers 403 YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION for anyone else', async () => {
    const { owner, invitation, get } = await setup();
    await expect(get.execute({ actor: owner, invitationId: invitation.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION);
  });

  it('answers 400 INVITATION_NOT_FOUND for an unknown or expired invitation', async () => {
    const { f, bob, invitation, get } = await setup();
    await expect(get.execute({ actor: bob, invitationId: 'nope' })).rejects.toMatchObject(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
    f.clock.advance(172_800_000);
    await expect(get.execute({ actor: bob, invitationId: invitation.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
  });
});
