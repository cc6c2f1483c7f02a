export { MemoryOrganizationRepository } from './memory-organization-repository.js';
export { MemoryMemberRepository } from './memory-member-repository.js';
export { MemoryInvitationRepository } from './memory-invitation-repository.js';
export { MemoryTeamRepository } from './memory-team-repository.js';
export { MemoryActiveOrganizationStore } from './memory-active-organization-store.js';
export { MemoryRuntimeRoleRepository } from './memory-runtime-role-repository.js';
