/**
 * The row type of each shared in-memory table, by name. The package that owns an entity adds
 * its table by declaration merging (`declare module '@tend/kernel' { interface MemoryTableRows
 * { users: User } }`), so `tables.users` is typed without the kernel knowing the entity.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MemoryTableRows {}

/** The tables created with the memory: the auth entities' (identity's and sessions'). */
const AUTH_TABLES = ['users', 'sessions', 'accounts', 'verifications'] as const;

/**
 * The tables the in-memory adapters of every package share, so that their behaviour
 * (cascades, joins) matches the database. A package adds its own table with `table(name)` and
 * registers what deleting one of its rows removes elsewhere with `onDelete`, so a new entity
 * never edits the kernel: deleting a user (`deleteRow('users', id)`) runs every registered cascade.
 */
export type MemoryTables = { readonly [K in keyof MemoryTableRows]: Map<string, MemoryTableRows[K]> } & {
  /** The table `name`, created empty on first use. */
  table<T>(name: string): Map<string, T>;
  /** Registers a cascade: after a row of `table` is deleted, `cascade(id)` runs. */
  onDelete(table: string, cascade: (id: string) => void): void;
  /** Deletes a row (keyed by id) and runs the cascades registered for its table. */
  deleteRow(table: string, id: string): void;
};

export function createMemoryTables(): MemoryTables {
  const tables = new Map<string, Map<string, unknown>>();
  const cascades = new Map<string, Array<(id: string) => void>>();
  const table = <T>(name: string): Map<string, T> => {
    let found = tables.get(name);
    if (!found) tables.set(name, (found = new Map()));
    return found as Map<string, T>;
  };
  const memory = {
    ...Object.fromEntries(AUTH_TABLES.map((name) => [name, table(name)])),
    table,
    onDelete(name: string, cascade: (id: string) => void) {
      cascades.set(name, [...(cascades.get(name) ?? []), cascade]);
    },
    deleteRow(name: string, id: string) {
      if (!table(name).delete(id)) return;
      for (const cascade of cascades.get(name) ?? []) cascade(id);
    },
  } as unknown as MemoryTables;
  // The auth tables' own cascades (session and account rows reference the user).
  memory.onDelete('users', (userId) => {
    for (const name of ['sessions', 'accounts']) {
      const rows = table<{ userId: string }>(name);
      for (const [key, row] of rows) if (row.userId === userId) rows.delete(key);
    }
  });
  return memory;
}
