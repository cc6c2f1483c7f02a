import { organizationFixture } from '../testing/fixture.js';
import { ListOrganizations } from './list-organizations.js';

describe('ListOrganizations', () => {
  it('lists the organizations the caller is a member of, oldest first, and no others', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const first = await f.organization(ada, { slug: 'first' });
    f.clock.advance(1000);
    const joined = await f.organization(await f.signUp(), { slug: 'joined' });
    await f.join(joined.organization.id, ada);
    await f.organization(await f.signUp(), { slug: 'foreign' });
    expect(await new ListOrganizations(f.stores).execute({ actor: ada })).toEqual([first.organization, joined.organization]);
  });
});
