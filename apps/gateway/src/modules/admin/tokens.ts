import type {
  AdminConfig,
  AdminUserDirectory,
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
} from '@tend/admin';
import { token } from '../../di.js';

export const ADMIN = {
  /** One configuration for every admin use case and the route guard. */
  AdminConfig: token<AdminConfig>('admin.Config'),
  /** The audit log every module records into (buffered: `flush()` waits for pending writes). */
  AuditLog: token<BufferedAuditLog>('admin.AuditLog'),
  AdminUserDirectory: token<AdminUserDirectory>('admin.UserDirectory'),
  SetRole: token<SetRole>('admin.SetRole'),
  CreateUser: token<CreateUser>('admin.CreateUser'),
  ListUsers: token<ListUsers>('admin.ListUsers'),
  GetUser: token<GetUser>('admin.GetUser'),
  ListUserSessions: token<ListUserSessions>('admin.ListUserSessions'),
  BanUser: token<BanUser>('admin.BanUser'),
  UnbanUser: token<UnbanUser>('admin.UnbanUser'),
  ImpersonateUser: token<ImpersonateUser>('admin.ImpersonateUser'),
  StopImpersonating: token<StopImpersonating>('admin.StopImpersonating'),
  RevokeUserSession: token<RevokeUserSession>('admin.RevokeUserSession'),
  RevokeUserSessions: token<RevokeUserSessions>('admin.RevokeUserSessions'),
  RemoveUser: token<RemoveUser>('admin.RemoveUser'),
  SetUserPassword: token<SetUserPassword>('admin.SetUserPassword'),
  HasPermission: token<HasPermission>('admin.HasPermission'),
  ListAuditEvents: token<ListAuditEvents>('admin.ListAuditEvents'),
} as const;
