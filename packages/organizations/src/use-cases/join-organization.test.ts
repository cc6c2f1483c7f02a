import { organizationsConfig } from '../config.js';
import type { Member } from '../entities.js';
import { organizationFixture } from '../testing/fixture.js';
import { JoinOrganization } from './join-organization.js';

describe('JoinOrganization', () => {
  it('adds the user with the role once, telling its events; a second join changes nothing', async () => {
    const f = organizationFixture();
    const owner = await f.signUp();
    const { organization } = await f.organization(owner);
    const pat = await f.signUp();
    const joined: Member[] = [];
    const join = new JoinOrganization(f.stores, f.clock, organizationsConfig(), { joined: ({ member }) => void joined.push(member) });
    const input = { organizationId: organization.id, userId: pat.userId, role: 'member', via: 'sso', detail: { provider: 'corp' } };
    expect(await join.execute(input)).toBe('joined');
    expect(await join.execute(input)).toBe('already-member');
    expect(joined).toEqual([expect.objectContaining({ organizationId: organization.id, userId: pat.userId, role: 'member', teamId: null })]);
    expect((await f.stores.members.findByUser(organization.id, pat.userId))?.role).toBe('member');
  });

  it('refuses a full organization with limit-reached, adding nobody and telling its events', async () => {
    const f = organizationFixture();
    const owner = await f.signUp();
    const { organization } = await f.organization(owner);
    const pat = await f.signUp();
    const refused: string[] = [];
    const join = new JoinOrganization(f.stores, f.clock, organizationsConfig({ membershipLimit: 1 }), { limitReached: ({ userId, via }) => void refused.push(`${userId}/${via}`) });
    expect(await join.execute({ organizationId: organization.id, userId: pat.userId, role: 'member', via: 'sso' })).toBe('limit-reached');
    expect(await f.stores.members.findByUser(organization.id, pat.userId)).toBeNull();
    expect(refused).toEqual([`${pat.userId}/sso`]);
    expect(await join.execute({ organizationId: 'gone', userId: pat.userId, role: 'member', via: 'sso' })).toBe('organization-not-found');
  });
});
