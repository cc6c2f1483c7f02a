export { PrismaScimTokenRepository, PrismaScimUserRepository } from './prisma-scim-stores.js';
