import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { CheckOrganizationSlug } from './check-organization-slug.js';

describe('CheckOrganizationSlug', () => {
  it('answers { status: true } for a free slug and 400 SLUG_IS_TAKEN for a taken one', async () => {
    const f = organizationFixture();
    await f.organization(await f.signUp(), { slug: 'calm' });
    const check = new CheckOrganizationSlug(f.stores);
    expect(await check.execute({ slug: 'calmer' })).toEqual({ status: true });
    await expect(check.execute({ slug: 'calm' })).rejects.toMatchObject({ ...ORGANIZATION_ERRORS.SLUG_IS_TAKEN, message: 'slug is taken' });
  });
});
