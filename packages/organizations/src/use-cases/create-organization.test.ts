import { organizationsConfig } from '../config.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { CreateOrganization } from './create-organization.js';

describe('CreateOrganization', () => {
  it('makes the caller its owner, creates a default team named after it that the creator joins, and makes it active', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const create = new CreateOrganization(f.stores, f.clock);
    const result = await create.execute({ actor: ada, name: 'Calm Coaches', slug: 'calm', metadata: { plan: 'free' }, logo: 'https://x.example/l.png' });

    expect(result.organization).toMatchObject({ name: 'Calm Coaches', slug: 'calm', logo: 'https://x.example/l.png', metadata: { plan: 'free' }, createdAt: f.clock.now() });
    expect(result.organization.members).toEqual([result.member]);
    expect(result.member).toMatchObject({ userId: ada.userId, organizationId: result.organization.id, role: 'owner', teamId: result.team!.id });
    expect(result.team).toMatchObject({ name: 'Calm Coaches', organizationId: result.organization.id });
    expect(result.activeOrganizationId).toBe(result.organization.id);
    expect(f.refresh(ada).activeOrganizationId).toBe(result.organization.id);
    expect(await f.stores.teams.list(result.organization.id)).toHaveLength(1);
  });

  it('keeps the current active organization when asked', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const create = new CreateOrganization(f.stores, f.clock);
    const first = await create.execute({ actor: ada, name: 'First', slug: 'first' });
    const second = await create.execute({ actor: f.refresh(ada), name: 'Second', slug: 'second', keepCurrentActiveOrganization: true });
    expect(second.activeOrganizationId).toBe(first.organization.id);
    expect(f.refresh(ada).activeOrganizationId).toBe(first.organization.id);
  });

  it('creates no team when teams are off', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const result = await new CreateOrganization(f.stores, f.clock, organizationsConfig({ teams: { enabled: false } })).execute({ actor: ada, name: 'N', slug: 'n' });
    expect(result.team).toBeNull();
    expect(result.member.teamId).toBeNull();
  });

  it('answers 400 ORGANIZATION_ALREADY_EXISTS when the slug is taken', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const create = new CreateOrganization(f.stores, f.clock);
    await create.execute({ actor: ada, name: 'Calm', slug: 'calm' });
    await expect(create.execute({ actor: ada, name: 'Other', slug: 'calm' })).rejects.toMatchObject(ORGANIZATION_ERRORS.ORGANIZATION_ALREADY_EXISTS);
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION when creation is off', async () => {
    const f = organizationFixture();
    const create = new CreateOrganization(f.stores, f.clock, organizationsConfig({ allowUserToCreateOrganization: false }));
    await expect(create.execute({ actor: await f.signUp(), name: 'N', slug: 'n' })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION);
  });

  it('answers 403 YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS at the organization limit', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const create = new CreateOrganization(f.stores, f.clock, organizationsConfig({ organizationLimit: 2 }));
    await create.execute({ actor: ada, name: 'A', slug: 'a' });
    await create.execute({ actor: ada, name: 'B', slug: 'b' });
    await expect(create.execute({ actor: ada, name: 'C', slug: 'c' })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS);
    expect(await f.stores.organizations.findBySlug('c')).toBeNull();
  });

  it('answers 400 VALIDATION_ERROR for an empty name or slug', async () => {
    const f = organizationFixture();
    const create = new CreateOrganization(f.stores, f.clock);
    const ada = await f.signUp();
    await expect(create.execute({ actor: ada, name: '', slug: 's' })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    await expect(create.execute({ actor: ada, name: 'n', slug: '' })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('makes one organization of ten parallel creations with one slug; the rest answer 400 ORGANIZATION_ALREADY_EXISTS', async () => {
    const f = organizationFixture();
    const create = new CreateOrganization(f.stores, f.clock);
    const actors = await Promise.all(Array.from({ length: 10 }, () => f.signUp()));
    const results = await Promise.allSettled(actors.map((actor) => create.execute({ actor, name: 'Same', slug: 'same' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject(ORGANIZATION_ERRORS.ORGANIZATION_ALREADY_EXISTS);
  });
});
