import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { UpdateOrganization } from './update-organization.js';

describe('UpdateOrganization', () => {
  async function setup() {
    const f = organizationFixture();
    const owner = await f.signUp();
    const { organization } = await f.organization(owner, { slug: 'calm' });
    return { f, owner, organization, update: new UpdateOrganization(f.stores) };
  }

  it('lets an owner or admin change name, slug, logo and metadata', async () => {
    const { f, owner, organization, update } = await setup();
    const admin = await f.signUp();
    await f.join(organization.id, admin, 'admin');
    const renamed = await update.execute({ actor: owner, organizationId: organization.id, data: { name: 'Renamed', metadata: { a: 1 } } });
    expect(renamed).toMatchObject({ id: organization.id, name: 'Renamed', slug: 'calm', metadata: { a: 1 } });
    const moved = await update.execute({ actor: { ...admin, activeOrganizationId: organization.id }, data: { slug: 'calmer', logo: 'l.png' } });
    expect(moved).toMatchObject({ name: 'Renamed', slug: 'calmer', logo: 'l.png', metadata: { a: 1 } });
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION for a plain member', async () => {
    const { f, organization, update } = await setup();
    const member = await f.signUp();
    await f.join(organization.id, member);
    await expect(update.execute({ actor: member, organizationId: organization.id, data: { name: 'x' } })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION);
  });

  it('answers 403 USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION for someone else, and for an unknown id', async () => {
    const { f, organization, update } = await setup();
    const stranger = await f.signUp();
    await expect(update.execute({ actor: stranger, organizationId: organization.id, data: { name: 'x' } })).rejects.toMatchObject(ORGANIZATION_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
    await expect(update.execute({ actor: stranger, organizationId: 'nope', data: { name: 'x' } })).rejects.toMatchObject({ status: 403 });
  });

  it('answers 400 NO_ACTIVE_ORGANIZATION without an organization', async () => {
    const { owner, update } = await setup();
    await expect(update.execute({ actor: owner, data: { name: 'x' } })).rejects.toMatchObject(ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION);
  });

  it('answers 400 SLUG_IS_TAKEN for the slug of another organization', async () => {
    const { f, owner, organization, update } = await setup();
    await f.organization(owner, { slug: 'taken' });
    await expect(update.execute({ actor: owner, organizationId: organization.id, data: { slug: 'taken' } })).rejects.toMatchObject(ORGANIZATION_ERRORS.SLUG_IS_TAKEN);
    expect(await update.execute({ actor: owner, organizationId: organization.id, data: { slug: 'calm' } })).toMatchObject({ slug: 'calm' });
  });
});
