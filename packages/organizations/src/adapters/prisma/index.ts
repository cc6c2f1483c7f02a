export { PrismaOrganizationRepository } from './prisma-organization-repository.js';
export { PrismaMemberRepository } from './prisma-member-repository.js';
export { PrismaInvitationRepository } from './prisma-invitation-repository.js';
export { PrismaTeamRepository } from './prisma-team-repository.js';
export { PrismaRuntimeRoleRepository } from './prisma-runtime-role-repository.js';
export { PrismaActiveOrganizationStore } from './prisma-active-organization-store.js';
export { prismaOrganizationStores } from './prisma-organization-stores.js';
