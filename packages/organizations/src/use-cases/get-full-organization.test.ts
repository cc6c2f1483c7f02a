import { organizationsConfig } from '../config.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { GetFullOrganization } from './get-full-organization.js';

describe('GetFullOrganization', () => {
  it('answers the active organization with members and their users, invitations and teams', async () => {
    const f = organizationFixture();
    const ada = await f.signUp({ name: 'Ada', email: 'ada@example.com' });
    const { organization, owner, team } = await f.organization(ada, { slug: 'calm' });
    const invitation = { id: 'inv-1', organizationId: organization.id, email: 'bob@example.com', role: 'member', status: 'pending' as const, teamId: null, inviterId: ada.userId, expiresAt: new Date(f.clock.now().getTime() + 1000), createdAt: f.clock.now() };
    await f.stores.invitations.create(invitation, f.clock.now());
    const full = await new GetFullOrganization(f.stores).execute({ actor: { ...ada, activeOrganizationId: organization.id } });
    expect(full).toEqual({
      ...organization,
      members: [{ ...owner, user: { id: ada.userId, name: 'Ada', email: 'ada@example.com', image: null } }],
      invitations: [invitation],
      teams: [team],
    });
  });

  it('finds the organization by id or slug, slug first', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const { organization } = await f.organization(ada, { slug: 'calm' });
    const other = await f.organization(ada, { slug: 'other' });
    const get = new GetFullOrganization(f.stores);
    expect((await get.execute({ actor: ada, organizationId: organization.id }))?.id).toBe(organization.id);
    expect((await get.execute({ actor: ada, organizationSlug: 'other', organizationId: organization.id }))?.id).toBe(other.organization.id);
  });

  it('answers null without an organization named or active', async () => {
    const f = organizationFixture();
    expect(await new GetFullOrganization(f.stores).execute({ actor: await f.signUp() })).toBeNull();
  });

  it('pages members with membersLimit, default the membership limit, at most 100', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const { organization } = await f.organization(ada);
    for (let i = 0; i < 4; i += 1) {
      f.clock.advance(1000);
      await f.join(organization.id, await f.signUp());
    }
    const actor = { ...ada, activeOrganizationId: organization.id };
    expect((await new GetFullOrganization(f.stores).execute({ actor, membersLimit: '2' }))?.members).toHaveLength(2);
    expect((await new GetFullOrganization(f.stores, organizationsConfig({ membershipLimit: 3 })).execute({ actor }))?.members).toHaveLength(3);
    expect((await new GetFullOrganization(f.stores).execute({ actor }))?.members.map((m) => m.userId)[0]).toBe(ada.userId);
  });

  it('answers 403 USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION for others and 400 ORGANIZATION_NOT_FOUND for an unknown one', async () => {
    const f = organizationFixture();
    const { organization } = await f.organization(await f.signUp());
    const eve = await f.signUp();
    const get = new GetFullOrganization(f.stores);
    await expect(get.execute({ actor: eve, organizationId: organization.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
    await expect(get.execute({ actor: eve, organizationId: 'nope' })).rejects.toMatchObject(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
  });

  it('answers 400 VALIDATION_ERROR (query) for a membersLimit that is not a positive whole number', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const { organization } = await f.organization(ada);
    await expect(new GetFullOrganization(f.stores).execute({ actor: ada, organizationId: organization.id, membersLimit: 'ten' })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });
});
