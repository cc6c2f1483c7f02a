import {
  ADMIN_ERRORS,
  BanUser,
  BufferedAuditLog,
  CreateUser,
  HasPermission,
  ImpersonateUser,
  ListAuditEvents,
  ListUserSessions,
  ListUsers,
  GetUser,
  RemoveUser,
  RevokeUserSession,
  RevokeUserSessions,
  SetRole,
  SetUserPassword,
  StopImpersonating,
  UnbanUser,
  adminConfig,
} from '@tend/admin';
import { PrismaAdminUserDirectory, PrismaAuditLog } from '@tend/admin/prisma';
import { DEFAULT_USER_FIELDS } from '@tend/identity';
import { bindFactory } from '../../di.js';
import { PLATFORM } from '../../platform.js';
import type { GatewayModule } from '../module.js';
import { settingsOf } from '../settings.js';
import { adminSettings } from './settings.js';
import { AuditLogSink } from './audit-sink.js';
import { AdminAuthorizer } from './guard.js';
import { ADMIN_SESSION_COOKIE } from './impersonation.js';
import { adminEventWrites } from './event-writes.js';
import { adminSessionWrites } from './session-writes.js';
import { auditLog, hasPermission, impersonateUser, listUserSessions, revokeUserSession, revokeUserSessions, stopImpersonating } from './sessions.endpoints.js';
import { ADMIN } from './tokens.js';
import { banUser, createUser, getUser, listUsers, removeUser, setRole, setUserPassword, unbanUser } from './users.endpoints.js';

/**
 * Site administration under /admin: users, roles, bans, sessions, impersonation and the audit
 * log. Also the guard of the `admin` permission scope and the sink of every route's audit events.
 */
export const adminModule: GatewayModule = {
  name: 'admin',
  settings: adminSettings,
  bind(c, { config }) {
    const configured = settingsOf(config, adminSettings);
    bindFactory(c, ADMIN.AdminConfig, [PLATFORM.PasswordPolicy, PLATFORM.PlaceholderEmails], (passwordPolicy, placeholders) =>
      adminConfig({
        adminUserIds: configured.adminUserIds,
        allowImpersonatingAdmins: configured.allowImpersonatingAdmins,
        passwordPolicy,
        placeholders,
        userFields: config.userFields ?? DEFAULT_USER_FIELDS,
      }),
    );
    // Recording answers at once; one writer drains the queue into the table (flush() on shutdown).
    bindFactory(c, ADMIN.AuditLog, [PLATFORM.Database, PLATFORM.Logger], (db, logger) => new BufferedAuditLog(new PrismaAuditLog(db), logger, { maxQueue: 1000 }));
    bindFactory(c, ADMIN.AdminUserDirectory, [PLATFORM.Database], (db) => new PrismaAdminUserDirectory(db));

    const { UserRepository: users, SessionManager: sessions, Clock: clock } = PLATFORM;
    const { AuditLog: audit, AdminConfig: settings } = ADMIN;
    bindFactory(c, ADMIN.SetRole, [users, audit, clock, settings], (u, a, t, s) => new SetRole(u, a, t, s));
    bindFactory(c, ADMIN.CreateUser, [users, PLATFORM.PasswordHasher, audit, clock, settings, PLATFORM.Logger], (u, h, a, t, s, l) => new CreateUser(u, h, a, t, s, l));
    bindFactory(c, ADMIN.ListUsers, [ADMIN.AdminUserDirectory, settings, PLATFORM.Logger], (d, s, l) => new ListUsers(d, s, l));
    bindFactory(c, ADMIN.GetUser, [users, settings], (u, s) => new GetUser(u, s));
    bindFactory(c, ADMIN.ListUserSessions, [sessions, settings], (m, s) => new ListUserSessions(m, s));
    bindFactory(c, ADMIN.BanUser, [users, sessions, audit, clock, settings], (u, m, a, t, s) => new BanUser(u, m, a, t, s));
    bindFactory(c, ADMIN.UnbanUser, [users, audit, clock, settings], (u, a, t, s) => new UnbanUser(u, a, t, s));
    bindFactory(c, ADMIN.ImpersonateUser, [users, PLATFORM.SignInCompletion, audit, clock, settings], (u, signIns, a, t, s) => new ImpersonateUser(u, signIns, a, t, s));
    bindFactory(c, ADMIN.StopImpersonating, [users, sessions, audit, clock], (u, m, a, t) => new StopImpersonating(u, m, a, t));
    bindFactory(c, ADMIN.RevokeUserSession, [sessions, audit, clock, settings], (m, a, t, s) => new RevokeUserSession(m, a, t, s));
    bindFactory(c, ADMIN.RevokeUserSessions, [sessions, audit, clock, settings], (m, a, t, s) => new RevokeUserSessions(m, a, t, s));
    bindFactory(c, ADMIN.RemoveUser, [users, ADMIN.AdminUserDirectory, audit, clock, settings], (u, d, a, t, s) => new RemoveUser(u, d, a, t, s));
    bindFactory(
      c,
      ADMIN.SetUserPassword,
      [users, PLATFORM.AccountRepository, PLATFORM.PasswordHasher, sessions, audit, clock, settings],
      (u, accounts, h, m, a, t, s) => new SetUserPassword(u, accounts, h, m, a, t, s),
    );
    bindFactory(c, ADMIN.HasPermission, [users, settings], (u, s) => new HasPermission(u, s));
    bindFactory(c, ADMIN.ListAuditEvents, [audit, settings], (a, s) => new ListAuditEvents(a, s));
  },
  endpoints: [
    setRole,
    createUser,
    listUsers,
    getUser,
    listUserSessions,
    banUser,
    unbanUser,
    impersonateUser,
    stopImpersonating,
    revokeUserSession,
    revokeUserSessions,
    removeUser,
    setUserPassword,
    hasPermission,
    auditLog,
  ],
  errors: [ADMIN_ERRORS],
  auditActions: {
    'user.create': 'User created',
    'user.remove': 'User removed',
    'user.ban': 'Banned',
    'user.unban': 'Unbanned',
    'user.role.change': 'Role changed',
    'user.password.set': 'Password set by an admin',
    'impersonation.start': 'Impersonation started',
    'impersonation.stop': 'Impersonation stopped',
    'session.revoke': 'Session revoked',
  },
  cookies: [ADMIN_SESSION_COOKIE],
  sessionWrites: adminSessionWrites,
  eventWrites: adminEventWrites,
  authorizers: (c) => ({ admin: new AdminAuthorizer(c.get(ADMIN.AdminConfig)) }),
  auditSink: (c) => new AuditLogSink(c.get(ADMIN.AuditLog), c.get(PLATFORM.AuditActions), c.get(PLATFORM.Clock), c.get(PLATFORM.Logger)),
};
