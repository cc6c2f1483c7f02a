import type { Account, Session, User, Verification } from './entities.js';

/**
 * The tables the in-memory adapters of every package share, so that their behaviour
 * (cascades, joins) matches the database: deleting a user removes its sessions and accounts.
 */
export interface MemoryTables {
  users: Map<string, User>;
  sessions: Map<string, Session>;
  accounts: Map<string, Account>;
  verifications: Map<string, Verification>;
}

export function createMemoryTables(): MemoryTables {
  return { users: new Map(), sessions: new Map(), accounts: new Map(), verifications: new Map() };
}
