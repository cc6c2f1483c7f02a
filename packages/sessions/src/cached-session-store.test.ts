import { ManualClock, createMemoryTables } from '@tend/kernel';
import type { Session } from './entities.js';
import { newUser } from './testing/users.js';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import { MemorySessionCache } from './adapters/memory/memory-session-cache.js';
import { MemorySessionStore } from './adapters/memory/memory-session-store.js';
import { PrismaSessionStore } from './adapters/prisma/prisma-session-store.js';
import { SqlSessionStore } from './adapters/prisma/sql-session-store.js';
import { CachedSessionStore } from './cached-session-store.js';
import { SessionChanges } from './session-changes.js';
import type { SessionStore } from './session-store.port.js';
import { sessionStoreContract } from './testing/session-store.contract.js';

// The cache in front of each store must not change one answer of the suite. User deletion goes
// through SessionChanges, as the gateway's user repository does.
sessionStoreContract('cached (memory cache) on memory', async () => {
  const tables = createMemoryTables();
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
  const cache = new MemorySessionCache(clock);
  const changes = new SessionChanges({ revocations: null, cache, clock });
  return {
    store: new CachedSessionStore(new MemorySessionStore(tables), cache),
    seedUser: async (user) => void tables.users.set(user.id, user),
    deleteUser: async (userId) => {
      tables.deleteRow('users', userId);
      await changes.userDeleted(userId);
    },
    close: async () => undefined,
  };
});

for (const kind of testDatabaseKinds()) {
  sessionStoreContract(`cached (memory cache) on sql on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
    const cache = new MemorySessionCache(clock);
    const changes = new SessionChanges({ revocations: null, cache, clock });
    return {
      store: new CachedSessionStore(new SqlSessionStore(db.prisma, db.sql), cache),
      reference: new PrismaSessionStore(db.prisma),
      seedUser: async (user) => void (await db.prisma.user.create({ data: user })),
      deleteUser: async (userId) => {
        await db.prisma.user.delete({ where: { id: userId } });
        await changes.userDeleted(userId);
      },
      close: () => db.close(),
    };
  });
}

describe('CachedSessionStore', () => {
  function setup() {
    const tables = createMemoryTables();
    const clock = new ManualClock();
    tables.users.set('u1', newUser({ id: 'u1', email: 'a@example.com', name: 'A' }, clock.now()));
    const inner = new MemorySessionStore(tables);
    const lookups: string[] = [];
    const counted: SessionStore = Object.assign(Object.create(inner) as SessionStore, {
      findByToken: (token: string) => {
        lookups.push(token);
        return inner.findByToken(token);
      },
    });
    const cache = new MemorySessionCache(clock);
    const session: Session = { id: 's1', token: 't'.repeat(32), userId: 'u1', expiresAt: new Date(clock.now().getTime() + 86_400_000), ipAddress: null, userAgent: null, impersonatedBy: null, activeOrganizationId: null, createdAt: clock.now(), updatedAt: clock.now() };
    return { tables, clock, inner, cache, lookups, session, store: new CachedSessionStore(counted, cache) };
  }

  it('reads a session from the store once, then from the cache', async () => {
    const { store, lookups, session } = setup();
    await store.create(session);
    expect((await store.findByToken(session.token))?.session).toStrictEqual(session);
    expect((await store.findByToken(session.token))?.session).toStrictEqual(session);
    expect(lookups).toEqual([session.token]);
  });

  it('does not cache an unknown token: the session created afterwards is found', async () => {
    const { store, session } = setup();
    expect(await store.findByToken(session.token)).toBeNull();
    await store.create(session);
    expect(await store.findByToken(session.token)).not.toBeNull();
  });

  it('does not let a lookup that read the row before a sign-out cache it afterwards', async () => {
    const { tables, cache, session } = setup();
    const inner = new MemorySessionStore(tables);
    let release!: () => void;
    let read!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const wasRead = new Promise<void>((resolve) => (read = resolve));
    const slow: SessionStore = Object.assign(Object.create(inner) as SessionStore, {
      findByToken: async (token: string) => {
        const found = await inner.findByToken(token);
        read();
        await gate;
        return found;
      },
    });
    const store = new CachedSessionStore(slow, cache);
    await inner.create(session);
    const stale = store.findByToken(session.token);
    await wasRead;
    await store.delete(session.token);
    release();
    expect(await stale).not.toBeNull();
    expect(await cache.get(session.token)).toBeNull();
    expect(await new CachedSessionStore(inner, cache).findByToken(session.token)).toBeNull();
  });

  it('answers a changed user once SessionChanges is told', async () => {
    const { store, tables, clock, cache, session } = setup();
    await store.create(session);
    await store.findByToken(session.token);
    tables.users.set('u1', { ...tables.users.get('u1')!, name: 'Renamed' });
    await new SessionChanges({ revocations: null, cache, clock }).userUpdated('u1');
    expect((await store.findByToken(session.token))?.user.name).toBe('Renamed');
  });
});
