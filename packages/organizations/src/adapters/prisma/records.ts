// Rows of the generated client mapped to this package's entities, field by field, so columns
// and relations added later never leak into the domain by accident.
import type { Prisma } from '@tend/database';
import { INVITATION_STATUSES, type Invitation, type InvitationStatus, type ListedMember, type Member, type MemberUser, type MemberWithUser, type Organization, type RuntimeRole, type Team } from '../../entities.js';

/** A client or the transaction client inside `$transaction`. */
export type Client = Prisma.TransactionClient;

export interface OrganizationRow {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: string | null;
  createdAt: Date;
  requireTwoFactor: boolean;
}

export function toOrganization(row: OrganizationRow): Organization {
  return { id: row.id, name: row.name, slug: row.slug, logo: row.logo, metadata: parseMetadata(row.metadata), createdAt: row.createdAt, requireTwoFactor: row.requireTwoFactor };
}

/** The row of an organization: metadata is stored as JSON text. */
export function organizationRow(organization: Organization): OrganizationRow {
  return { ...organization, metadata: metadataText(organization.metadata) };
}

export function metadataText(metadata: Record<string, unknown> | null): string | null {
  return metadata === null ? null : JSON.stringify(metadata);
}

/** Metadata text as a record; text that is not a JSON object (written by another tool) reads as null. */
function parseMetadata(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function toMember(row: Member): Member {
  return { id: row.id, organizationId: row.organizationId, userId: row.userId, role: row.role, teamId: row.teamId, createdAt: row.createdAt };
}

/** The user fields a member listing selects. */
export const MEMBER_USER_SELECT = { id: true, name: true, email: true, image: true } as const;

export function toMemberWithUser(row: Member & { user: MemberUser }): MemberWithUser {
  return { ...toMember(row), user: { id: row.user.id, name: row.user.name, email: row.user.email, image: row.user.image } };
}

/** A listing's user fields: the member's user and whether it has a second factor. */
export const LISTED_USER_SELECT = { ...MEMBER_USER_SELECT, twoFactorEnabled: true } as const;

export function toListedMember(row: Member & { user: MemberUser & { twoFactorEnabled: boolean } }): ListedMember {
  const member = toMemberWithUser(row);
  return { ...member, user: { ...member.user, twoFactorEnabled: row.user.twoFactorEnabled } };
}

export function toInvitation(row: Omit<Invitation, 'status'> & { status: string }): Invitation {
  return {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    role: row.role,
    status: toStatus(row.status),
    teamId: row.teamId,
    inviterId: row.inviterId,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
  };
}

/** The status column is text; anything unknown is treated as settled (canceled), never as pending. */
function toStatus(status: string): InvitationStatus {
  return (INVITATION_STATUSES as readonly string[]).includes(status) ? (status as InvitationStatus) : 'canceled';
}

export function toTeam(row: Team): Team {
  return { id: row.id, name: row.name, organizationId: row.organizationId, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

/** A runtime role's row: its permission is JSON text; text that is not resource -> actions (another tool's) grants nothing. */
export function toRuntimeRole(row: Omit<RuntimeRole, 'permission'> & { permission: string }): RuntimeRole {
  return { id: row.id, organizationId: row.organizationId, role: row.role, permission: parsePermission(row.permission), createdAt: row.createdAt };
}

function parsePermission(text: string): Record<string, string[]> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every((action) => typeof action === 'string')),
    );
  } catch {
    return {};
  }
}

/**
 * Locks the organization's row until the transaction ends: the one place membership-changing
 * writes of an organization queue up, so their checks (limits, last owner, last team) see
 * each other's results.
 */
export async function lockOrganization(tx: Client, organizationId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM "organization" WHERE id = ${organizationId} FOR UPDATE`;
  return rows.length > 0;
}

/** How long a transaction may wait for a connection and run: races queue on row locks. */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;
