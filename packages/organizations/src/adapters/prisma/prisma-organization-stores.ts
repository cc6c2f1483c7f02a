import type { Database } from '@tend/database';
import type { OrganizationStores } from '../../ports.js';
import { PrismaActiveOrganizationStore } from './prisma-active-organization-store.js';
import { PrismaInvitationRepository } from './prisma-invitation-repository.js';
import { PrismaMemberRepository } from './prisma-member-repository.js';
import { PrismaOrganizationRepository } from './prisma-organization-repository.js';
import { PrismaRuntimeRoleRepository } from './prisma-runtime-role-repository.js';
import { PrismaTeamRepository } from './prisma-team-repository.js';

/** Every organization port on one Prisma client. */
export function prismaOrganizationStores(db: Database): OrganizationStores {
  return {
    organizations: new PrismaOrganizationRepository(db),
    members: new PrismaMemberRepository(db),
    invitations: new PrismaInvitationRepository(db),
    teams: new PrismaTeamRepository(db),
    activeOrganizations: new PrismaActiveOrganizationStore(db),
    roles: new PrismaRuntimeRoleRepository(db),
  };
}
