// The three races of organizations, through HTTP: the database decides each one.
import { ORGANIZATION_ERRORS as E } from '@tend/organizations';
import { TOKENS } from '../src/tokens.js';
import { addMember, type Client, createOrganization, expectError, invite, newUser, organizationConfig, startGateway, type TestGateway } from './harness/index.js';

const LIMIT = 3;

describe('organization races', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway(organizationConfig({ membershipLimit: LIMIT }));
  });
  afterAll(() => gateway.close());

  const users = async (count: number, name: string): Promise<Client[]> => {
    const made: Client[] = [];
    for (let i = 0; i < count; i += 1) made.push(await newUser(gateway, `${name}${i}`));
    return made;
  };

  it('10 parallel creations with one slug make one organization; the other 9 answer 400 ORGANIZATION_ALREADY_EXISTS', async () => {
    const creators = await users(10, 'Creator');
    const slug = `contested-${Date.now()}`;
    const answers = await Promise.all(creators.map((creator, i) => creator.post('/organization/create', { name: `Contender ${i}`, slug })));
    const won = answers.filter((res) => res.status === 200);
    expect(won).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 200)) expectError(res, E.ORGANIZATION_ALREADY_EXISTS);
    const db = gateway.container.get(TOKENS.Database);
    expect(await db.organization.count({ where: { slug } })).toBe(1);
    const organization = await db.organization.findUniqueOrThrow({ where: { slug } });
    expect(await db.member.count({ where: { organizationId: organization.id } })).toBe(1);
    expect(await db.team.count({ where: { organizationId: organization.id } })).toBe(1);
  });

  it('10 parallel accepts of one invitation make one member', async () => {
    const owner = await newUser(gateway, 'Owner');
    const invitee = await newUser(gateway, 'Invitee');
    const organization = await createOrganization(owner);
    const invitation = await invite(owner, organization.id, invitee);
    const answers = await Promise.all(Array.from({ length: 10 }, () => invitee.post('/organization/accept-invitation', { invitationId: invitation.id })));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 200)) {
      // A loser either saw the invitation accepted already, or the membership the winner made.
      expect([E.INVITATION_NOT_FOUND.code, E.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION.code]).toContain(res.body.code);
      expect(res.status).toBe(400);
    }
    const db = gateway.container.get(TOKENS.Database);
    expect(await db.member.count({ where: { organizationId: organization.id, userId: invitee.user.id } })).toBe(1);
    expect((await db.invitation.findUniqueOrThrow({ where: { id: invitation.id } })).status).toBe('accepted');
  });

  it(`parallel accepts never pass the membership limit (${LIMIT}); the rest answer 403 ORGANIZATION_MEMBERSHIP_LIMIT_REACHED`, async () => {
    const owner = await newUser(gateway, 'Owner');
    const organization = await createOrganization(owner);
    const invitees = await users(6, 'Joiner');
    const invitations = [];
    for (const invitee of invitees) invitations.push(await invite(owner, organization.id, invitee));
    const answers = await Promise.all(invitees.map((invitee, i) => invitee.post('/organization/accept-invitation', { invitationId: invitations[i]!.id })));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(LIMIT - 1);
    for (const res of answers.filter((r) => r.status !== 200)) expectError(res, E.ORGANIZATION_MEMBERSHIP_LIMIT_REACHED);
    const db = gateway.container.get(TOKENS.Database);
    expect(await db.member.count({ where: { organizationId: organization.id } })).toBe(LIMIT);
    // The refused invitations are still pending: a place freed lets one in.
    const refused = invitees.filter((_, i) => answers[i]!.status !== 200);
    const joined = invitees.filter((_, i) => answers[i]!.status === 200);
    await joined[0]!.post('/organization/leave', { organizationId: organization.id });
    const late = refused[0]!;
    expect((await late.post('/organization/accept-invitation', { invitationId: invitations[invitees.indexOf(late)]!.id })).status).toBe(200);
    expectError(await refused[1]!.post('/organization/accept-invitation', { invitationId: invitations[invitees.indexOf(refused[1]!)]!.id }), E.ORGANIZATION_MEMBERSHIP_LIMIT_REACHED);
  });

  it('answers 403 ORGANIZATION_MEMBERSHIP_LIMIT_REACHED to one accept past a full organization', async () => {
    const owner = await newUser(gateway, 'Owner');
    const organization = await createOrganization(owner);
    for (const member of await users(LIMIT - 1, 'Filler')) await addMember(owner, organization.id, member);
    const late = await newUser(gateway, 'Late');
    const invitation = await invite(owner, organization.id, late);
    expectError(await late.post('/organization/accept-invitation', { invitationId: invitation.id }), E.ORGANIZATION_MEMBERSHIP_LIMIT_REACHED);
  });
});
