export { PrismaAdminUserDirectory } from './prisma-admin-user-directory.js';
export { PrismaAuditLog } from './prisma-audit-log.js';
