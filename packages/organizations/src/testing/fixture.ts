import { createMemoryTables, ManualClock, uuid, type Logger, type MemoryTables } from '@tend/kernel';
import { newUser, type User } from '@tend/identity';
import { DevOutboxMailer } from '@tend/mailer';
import { organizationTables } from '../adapters/memory/organization-tables.js';
import { memoryOrganizationStores } from '../adapters/memory/memory-organization-stores.js';
import type { Actor, Invitation, Member, Organization, Team } from '../entities.js';
import type { OrganizationStores } from '../ports.js';

/** A logger that keeps what it was told, for asserting that failures are logged. */
export class KeptLogger implements Logger {
  readonly entries: Array<{ level: string; message: string; fields?: Record<string, unknown> }> = [];
  info(message: string, fields?: Record<string, unknown>): void {
    this.entries.push({ level: 'info', message, ...(fields ? { fields } : {}) });
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.entries.push({ level: 'warn', message, ...(fields ? { fields } : {}) });
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.entries.push({ level: 'error', message, ...(fields ? { fields } : {}) });
  }
}

/** Memory adapters, a manual clock, the development outbox and helpers to seed users and organizations. */
export interface OrganizationFixture {
  tables: MemoryTables;
  stores: OrganizationStores;
  clock: ManualClock;
  mailer: DevOutboxMailer;
  logger: KeptLogger;
  /** A user with a session, as the caller of a use case. */
  signUp(fields?: Partial<Pick<User, 'name' | 'email'>>): Promise<Actor>;
  /** The actor as its session now is (the active organization may have changed). */
  refresh(actor: Actor): Actor;
  /** An organization owned by `owner`, with a default team the owner is in. */
  organization(owner: Actor, fields?: Partial<Pick<Organization, 'name' | 'slug'>>): Promise<{ organization: Organization; owner: Member; team: Team }>;
  /** Makes `actor` a member of the organization, as an accepted invitation would. */
  join(organizationId: string, actor: Actor, role?: string, teamId?: string | null): Promise<Member>;
  /** A further team of the organization. */
  team(organizationId: string, name?: string): Promise<Team>;
  /** A pending invitation from `inviter`, valid 48 hours from now. */
  invite(inviter: Actor, organizationId: string, email: string, role?: string): Promise<Invitation>;
}

export function organizationFixture(): OrganizationFixture {
  const tables = createMemoryTables();
  const stores = memoryOrganizationStores(tables);
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
  const mailer = new DevOutboxMailer({ clock });
  const logger = new KeptLogger();
  const own = organizationTables(tables);

  const fixture: OrganizationFixture = {
    tables,
    stores,
    clock,
    mailer,
    logger,
    async signUp(fields = {}) {
      const id = uuid();
      const user = newUser({ id, email: fields.email ?? `${id}@example.com`, name: fields.name ?? 'Ada' }, clock.now());
      tables.users.set(id, user);
      const token = uuid().replace(/-/g, '');
      const now = clock.now();
      tables.sessions.set(token, {
        id: uuid(),
        token,
        userId: id,
        expiresAt: new Date(now.getTime() + 7 * 86_400_000),
        ipAddress: null,
        userAgent: null,
        impersonatedBy: null,
        activeOrganizationId: null,
        createdAt: now,
        updatedAt: now,
      });
      return { userId: id, email: user.email, sessionToken: token, activeOrganizationId: null };
    },
    refresh(actor) {
      return { ...actor, activeOrganizationId: tables.sessions.get(actor.sessionToken)?.activeOrganizationId ?? null };
    },
    async organization(owner, fields = {}) {
      const now = clock.now();
      const organization: Organization = { id: uuid(), name: fields.name ?? 'Calm Coaches', slug: fields.slug ?? `calm-${uuid()}`, logo: null, metadata: null, createdAt: now, requireTwoFactor: false };
      const team: Team = { id: uuid(), name: organization.name, organizationId: organization.id, createdAt: now, updatedAt: now };
      const member: Member = { id: uuid(), organizationId: organization.id, userId: owner.userId, role: 'owner', teamId: team.id, createdAt: now };
      const created = await stores.organizations.create({ organization, owner: member, defaultTeam: team }, { organizationLimit: null });
      if (!created.ok) throw new Error(`fixture organization not created: ${created.reason}`);
      return { organization, owner: member, team };
    },
    async join(organizationId, actor, role = 'member', teamId = null) {
      const member: Member = { id: uuid(), organizationId, userId: actor.userId, role, teamId, createdAt: clock.now() };
      own.members.set(member.id, member);
      return { ...member };
    },
    async team(organizationId, name = 'Second team') {
      const now = clock.now();
      return stores.teams.create({ id: uuid(), name, organizationId, createdAt: now, updatedAt: now });
    },
    async invite(inviter, organizationId, email, role = 'member') {
      const now = clock.now();
      const invitation: Invitation = { id: uuid(), organizationId, email, role, status: 'pending', teamId: null, inviterId: inviter.userId, expiresAt: new Date(now.getTime() + 172_800_000), createdAt: now };
      const created = await stores.invitations.create(invitation, now);
      if (!created.ok) throw new Error(`fixture invitation not created: ${created.reason}`);
      return created.value;
    },
  };
  return fixture;
}
