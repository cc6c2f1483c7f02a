// The session entity (spec section 3) as plain data, and the user a session lookup joins to it.
import type { UserOf } from '@tend/contracts';

export interface Session {
  id: string;
  /** 32 random characters; unique. */
  token: string;
  userId: string;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  impersonatedBy: string | null;
  activeOrganizationId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The user a session lookup answers with: every field of the user field table (@tend/contracts),
 * which is identity's `User` too. The table is the port between the two packages: identity
 * depends on sessions (sign-ins create sessions), so sessions reads the user's columns from the
 * table, never from identity.
 */
export type SessionUser = UserOf;

// The shared in-memory tables hold sessions under this name (`tables.sessions`), joined to the
// users (identity declares the same table with the same type).
declare module '@tend/kernel' {
  interface MemoryTableRows {
    sessions: Session;
    users: SessionUser;
  }
}
