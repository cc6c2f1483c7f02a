import type { UserView } from './model';

/** "Admin" stands out; other roles are plain words. */
export function RoleBadge({ user }: { user: Pick<UserView, 'isAdmin' | 'roleLabel'> }) {
  return user.isAdmin ? <span className="badge badge--admin">{user.roleLabel}</span> : <span>{user.roleLabel}</span>;
}

/** Banned or active, in words and colour (never colour alone). */
export function StatusBadge({ user }: { user: Pick<UserView, 'banned'> }) {
  return user.banned ? <span className="badge badge--banned">Banned</span> : <span className="badge badge--ok">Active</span>;
}
