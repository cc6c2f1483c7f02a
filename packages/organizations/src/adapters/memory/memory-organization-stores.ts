import type { MemoryTables } from '@tend/kernel';
import type { OrganizationStores } from '../../ports.js';
import { MemoryActiveOrganizationStore } from './memory-active-organization-store.js';
import { MemoryInvitationRepository } from './memory-invitation-repository.js';
import { MemoryMemberRepository } from './memory-member-repository.js';
import { MemoryOrganizationRepository } from './memory-organization-repository.js';
import { MemoryRuntimeRoleRepository } from './memory-runtime-role-repository.js';
import { MemoryTeamRepository } from './memory-team-repository.js';

/** Every organization port on the shared memory tables. */
export function memoryOrganizationStores(tables: MemoryTables): OrganizationStores {
  return {
    organizations: new MemoryOrganizationRepository(tables),
    members: new MemoryMemberRepository(tables),
    invitations: new MemoryInvitationRepository(tables),
    teams: new MemoryTeamRepository(tables),
    activeOrganizations: new MemoryActiveOrganizationStore(tables),
    roles: new MemoryRuntimeRoleRepository(tables),
  };
}
