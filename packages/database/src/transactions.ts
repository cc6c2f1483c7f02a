import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './client.js';

type TransactionClient = Parameters<Parameters<Database['$transaction']>[0]>[0];

/**
 * One transaction around several repositories' writes, none of which knows of it: the
 * transactional outbox's seam (docs/webhooks.md). Every Prisma repository is given `client`;
 * inside `run(work)`, whatever `work` does through `client` — model calls, raw statements, a
 * repository's own `$transaction` (joined, not nested) — goes to that one transaction, so a
 * change and the events it reports commit or roll back together. Outside `run`, `client` is
 * the plain client.
 */
export interface AmbientTransactions {
  /** The client the repositories are given. */
  readonly client: Database;
  /** Runs `work` in one transaction, or inside the one already around the caller. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

export interface AmbientTransactionOptions {
  /** The longest a transaction may run (Prisma's `timeout`). */
  timeoutMs?: number;
  /** The longest to wait for a connection to start one (Prisma's `maxWait`). */
  maxWaitMs?: number;
}

export function ambientTransactions(prisma: Database, options: AmbientTransactionOptions = {}): AmbientTransactions {
  const current = new AsyncLocalStorage<TransactionClient>();
  const settings = { timeout: options.timeoutMs ?? 15_000, maxWait: options.maxWaitMs ?? 10_000 };
  const client = new Proxy(prisma, {
    get(target, property) {
      const tx = current.getStore();
      if (tx) {
        if (property === '$transaction') return joined(tx);
        const value: unknown = Reflect.get(tx, property);
        if (value !== undefined) return typeof value === 'function' ? value.bind(tx) : value;
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    client,
    run<T>(work: () => Promise<T>): Promise<T> {
      if (current.getStore()) return work();
      return prisma.$transaction((tx) => current.run(tx, work), settings);
    },
  };
}

/** `$transaction` inside an open transaction: the callback gets it; a batch runs in it, in order. */
function joined(tx: TransactionClient) {
  return async (arg: unknown): Promise<unknown> => {
    if (typeof arg === 'function') return (arg as (client: TransactionClient) => Promise<unknown>)(tx);
    const results: unknown[] = [];
    for (const query of arg as readonly PromiseLike<unknown>[]) results.push(await query);
    return results;
  };
}
