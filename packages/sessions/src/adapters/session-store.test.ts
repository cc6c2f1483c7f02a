import { createMemoryTables, uuid } from '@tend/kernel';
import type { Session } from '../entities.js';
import { newUser } from '../testing/users.js';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import { MemorySessionStore } from './memory/memory-session-store.js';
import { PrismaSessionStore } from './prisma/prisma-session-store.js';
import { SqlSessionStore } from './prisma/sql-session-store.js';
import { sessionStoreContract } from '../testing/session-store.contract.js';

sessionStoreContract('memory', async () => {
  const tables = createMemoryTables();
  return {
    store: new MemorySessionStore(tables),
    seedUser: async (user) => void tables.users.set(user.id, user),
    deleteUser: async (userId) => tables.deleteRow('users', userId),
    close: async () => undefined,
  };
});

for (const kind of testDatabaseKinds()) {
  sessionStoreContract(`prisma on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    return {
      store: new PrismaSessionStore(db.prisma),
      seedUser: async (user) => void (await db.prisma.user.create({ data: user })),
      deleteUser: async (userId) => void (await db.prisma.user.delete({ where: { id: userId } })),
      close: () => db.close(),
    };
  });

  // The lookup by raw SQL beside Prisma: every answer of the suite must equal the Prisma store's.
  sessionStoreContract(`sql on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    return {
      store: new SqlSessionStore(db.prisma, db.sql),
      reference: new PrismaSessionStore(db.prisma),
      seedUser: async (user) => void (await db.prisma.user.create({ data: user })),
      deleteUser: async (userId) => void (await db.prisma.user.delete({ where: { id: userId } })),
      close: () => db.close(),
    };
  });
}

describe.each(testDatabaseKinds())('SqlSessionStore on %s', (kind) => {
  const now = new Date(Date.UTC(2026, 5, 1, 12));
  const DAY = 86_400_000;

  async function seeded() {
    const db = await createTestDatabase(kind);
    const statements: string[] = [];
    const sql = {
      query: <R>(name: string, text: string, values: readonly unknown[]) => {
        statements.push(name);
        return db.sql.query<R>(name, text, values);
      },
    };
    const users = [newUser({ id: uuid(), email: `${uuid()}@example.com`, name: 'Ada' }, now), newUser({ id: uuid(), email: `${uuid()}@example.com`, name: 'Bob' }, now)];
    for (const user of users) await db.prisma.user.create({ data: user });
    const sessions: Session[] = [0, 0, 1].map((owner, i) => ({
      id: uuid(),
      token: `${'t'.repeat(31)}${i}`,
      userId: users[owner]!.id,
      expiresAt: new Date(now.getTime() + (i - 1) * DAY),
      ipAddress: null,
      userAgent: 'jest',
      impersonatedBy: null,
      activeOrganizationId: i === 2 ? uuid() : null,
      createdAt: now,
      updatedAt: now,
    }));
    for (const session of sessions) await db.prisma.session.create({ data: session });
    return { db, statements, sessions, store: new SqlSessionStore(db.prisma, sql), reference: new PrismaSessionStore(db.prisma) };
  }

  it('answers the lookups of one event-loop turn with one statement, each caller with entities of its own', async () => {
    const { db, statements, sessions, store, reference } = await seeded();
    try {
      const tokens = [sessions[0]!.token, sessions[1]!.token, sessions[2]!.token, 'u'.repeat(32), sessions[0]!.token];
      const found = await Promise.all(tokens.map((token) => store.findByToken(token)));
      expect(statements).toEqual(['tend_sessions_by_tokens']);
      expect(found).toStrictEqual(await Promise.all(tokens.map((token) => reference.findByToken(token))));
      expect(found[3]).toBeNull();
      expect(found[0]).not.toBe(found[4]);
      expect(found[0]!.user).not.toBe(found[1]!.user);
    } finally {
      await db.close();
    }
  });

  it('asks with the single-token statement when a turn has one lookup, and again in the next turn', async () => {
    const { db, statements, sessions, store } = await seeded();
    try {
      expect((await store.findByToken(sessions[2]!.token))?.session).toStrictEqual(sessions[2]);
      expect((await store.findByToken(sessions[0]!.token))?.session).toStrictEqual(sessions[0]);
      expect(statements).toEqual(['tend_session_by_token', 'tend_session_by_token']);
    } finally {
      await db.close();
    }
  });

  it('rejects every lookup of a turn when its statement fails', async () => {
    const { db, sessions } = await seeded();
    try {
      const failing = new SqlSessionStore(db.prisma, { query: () => Promise.reject(new Error('connection lost')) });
      const lookups = [failing.findByToken(sessions[0]!.token), failing.findByToken(sessions[1]!.token)];
      for (const lookup of lookups) await expect(lookup).rejects.toThrow('connection lost');
    } finally {
      await db.close();
    }
  });
});
