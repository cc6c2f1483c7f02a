import { uuid } from '@tend/kernel';
import { newUser, type User } from '@tend/identity';
import type { Session } from '@tend/sessions';
import type { Invitation, Member, Organization, Team } from '../entities.js';
import type { OrganizationStores } from '../ports.js';

/** What every contract suite runs against: the five ports on one store, and a way to seed it. */
export interface OrganizationStoresHarness {
  stores: OrganizationStores;
  seedUser(user: User): Promise<void>;
  seedSession(session: Session): Promise<void>;
  /** The active organization of a session as stored; undefined when the session does not exist. */
  activeOrganizationOf(sessionToken: string): Promise<string | null | undefined>;
  /** Deletes a user as the identity package does (to check cascades). */
  deleteUser(userId: string): Promise<void>;
  close(): Promise<void>;
}

/** Contract suites share one store per suite; every test makes its own rows with fresh ids. */
export const CONTRACT_NOW = new Date(Date.UTC(2026, 5, 1, 12));
export const HOUR = 3_600_000;

export async function user(h: OrganizationStoresHarness, fields: Partial<User> = {}): Promise<User> {
  const id = uuid();
  const created = newUser({ id, email: `${id}@example.com`, name: 'Ada', ...fields }, CONTRACT_NOW);
  await h.seedUser(created);
  return created;
}

export async function session(h: OrganizationStoresHarness, userId: string, activeOrganizationId: string | null = null): Promise<Session> {
  const created: Session = {
    id: uuid(),
    token: uuid().replace(/-/g, ''),
    userId,
    expiresAt: new Date(CONTRACT_NOW.getTime() + 7 * 24 * HOUR),
    ipAddress: null,
    userAgent: null,
    impersonatedBy: null,
    activeOrganizationId,
    createdAt: CONTRACT_NOW,
    updatedAt: CONTRACT_NOW,
  };
  await h.seedSession(created);
  return created;
}

export interface SeededOrganization {
  organization: Organization;
  owner: Member;
  team: Team;
}

export function draftOrganization(ownerId: string, fields: Partial<Organization> = {}, at: Date = CONTRACT_NOW): SeededOrganization {
  const organization: Organization = { id: uuid(), name: 'Calm Coaches', slug: `calm-${uuid()}`, logo: null, metadata: null, createdAt: at, requireTwoFactor: false, ...fields };
  const team: Team = { id: uuid(), name: organization.name, organizationId: organization.id, createdAt: at, updatedAt: at };
  const owner: Member = { id: uuid(), organizationId: organization.id, userId: ownerId, role: 'owner', teamId: team.id, createdAt: at };
  return { organization, owner, team };
}

/** An organization with its owner and default team. */
export async function organization(h: OrganizationStoresHarness, ownerId: string, fields: Partial<Organization> = {}, at?: Date): Promise<SeededOrganization> {
  const draft = draftOrganization(ownerId, fields, at);
  const created = await h.stores.organizations.create({ organization: draft.organization, owner: draft.owner, defaultTeam: draft.team }, { organizationLimit: null });
  if (!created.ok) throw new Error(`organization not created: ${created.reason}`);
  return draft;
}

export function draftInvitation(organizationId: string, inviterId: string, fields: Partial<Invitation> = {}): Invitation {
  return {
    id: uuid(),
    organizationId,
    email: `${uuid()}@example.com`,
    role: 'member',
    status: 'pending',
    teamId: null,
    inviterId,
    expiresAt: new Date(CONTRACT_NOW.getTime() + 48 * HOUR),
    createdAt: CONTRACT_NOW,
    ...fields,
  };
}

export async function invitation(h: OrganizationStoresHarness, organizationId: string, inviterId: string, fields: Partial<Invitation> = {}): Promise<Invitation> {
  const created = await h.stores.invitations.create(draftInvitation(organizationId, inviterId, fields), CONTRACT_NOW);
  if (!created.ok) throw new Error(`invitation not created: ${created.reason}`);
  return created.value;
}

/** Makes the user a member through an accepted invitation (the only way in besides creating). */
export async function member(
  h: OrganizationStoresHarness,
  organizationId: string,
  inviterId: string,
  joiner: User,
  fields: { role?: string; teamId?: string | null; createdAt?: Date } = {},
): Promise<Member> {
  const invited = await invitation(h, organizationId, inviterId, { email: joiner.email, role: fields.role ?? 'member', teamId: fields.teamId ?? null });
  const accepted = await h.stores.invitations.accept(invited.id, { id: uuid(), userId: joiner.id, createdAt: fields.createdAt ?? CONTRACT_NOW }, { now: CONTRACT_NOW, membershipLimit: 1000 });
  if (!accepted.ok) throw new Error(`member not added: ${accepted.reason}`);
  return accepted.value.member;
}

/** The settled results of parallel calls: how many succeeded, and the failures. */
export function tally<T>(results: PromiseSettledResult<T>[]): { fulfilled: T[]; rejected: unknown[] } {
  return {
    fulfilled: results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
    rejected: results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : [])),
  };
}
