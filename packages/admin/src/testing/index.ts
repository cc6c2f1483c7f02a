export { adminUserDirectoryContract, type AdminUserDirectoryHarness } from './admin-user-directory.contract.js';
export { auditLogContract, type AuditLogHarness } from './audit-log.contract.js';
export { adminFixture, PlainPasswordHasher, type AdminFixture } from './admin-fixture.js';
