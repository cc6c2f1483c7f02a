import type { Account, Session, User, Verification } from './entities.js';

/**
 * The tables the in-memory adapters of every package share, so that their behaviour
 * (cascades, joins) matches the database. A package adds its own table with `table(name)` and
 * registers what deleting one of its rows removes elsewhere with `onDelete`, so a new entity
 * never edits the kernel: deleting a user (`deleteRow('users', id)`) runs every registered cascade.
 */
export interface MemoryTables {
  users: Map<string, User>;
  sessions: Map<string, Session>;
  accounts: Map<string, Account>;
  verifications: Map<string, Verification>;
  /** The table `name`, created empty on first use. */
  table<T>(name: string): Map<string, T>;
  /** Registers a cascade: after a row of `table` is deleted, `cascade(id)` runs. */
  onDelete(table: string, cascade: (id: string) => void): void;
  /** Deletes a row (keyed by id) and runs the cascades registered for its table. */
  deleteRow(table: string, id: string): void;
}

export function createMemoryTables(): MemoryTables {
  const tables = new Map<string, Map<string, unknown>>();
  const cascades = new Map<string, Array<(id: string) => void>>();
  const table = <T>(name: string): Map<string, T> => {
    let found = tables.get(name);
    if (!found) tables.set(name, (found = new Map()));
    return found as Map<string, T>;
  };
  const memory: MemoryTables = {
    users: table<User>('users'),
    sessions: table<Session>('sessions'),
    accounts: table<Account>('accounts'),
    verifications: table<Verification>('verifications'),
    table,
    onDelete(name, cascade) {
      cascades.set(name, [...(cascades.get(name) ?? []), cascade]);
    },
    deleteRow(name, id) {
      if (!table(name).delete(id)) return;
      for (const cascade of cascades.get(name) ?? []) cascade(id);
    },
  };
  // The auth tables' own cascades (session and account rows reference the user).
  memory.onDelete('users', (userId) => {
    for (const [key, session] of memory.sessions) if (session.userId === userId) memory.sessions.delete(key);
    for (const [key, account] of memory.accounts) if (account.userId === userId) memory.accounts.delete(key);
  });
  return memory;
}
