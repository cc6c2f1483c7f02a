import { createTestDatabase, testDatabaseKinds } from './testing/index.js';
import { isDatabaseUnavailable, pendingMigrations, withTimeout } from './operations.js';
import { readMigrations } from './migrate.js';

describe.each(testDatabaseKinds())('database operations on %s', (kind) => {
  it('pings, and reports no pending migration on a migrated database', async () => {
    const db = await createTestDatabase(kind);
    try {
      await expect(db.ping()).resolves.toBeUndefined();
      expect(await db.migrationsPending()).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('reports the migrations missing from the history', async () => {
    const db = await createTestDatabase(kind);
    try {
      const [first] = readMigrations();
      await db.exec(`DELETE FROM "_prisma_migrations" WHERE migration_name = '${first!.name}'`);
      expect(await db.migrationsPending()).toEqual([first!.name]);
    } finally {
      await db.close();
    }
  });

  it('runs the work under an advisory lock and answers its value', async () => {
    const db = await createTestDatabase(kind);
    try {
      expect(await db.withAdvisoryLock(4242, async () => 'done')).toEqual({ ran: true, value: 'done' });
      await expect(db.withAdvisoryLock(4242, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      // The failed work released the lock.
      expect(await db.withAdvisoryLock(4242, async () => 2)).toEqual({ ran: true, value: 2 });
    } finally {
      await db.close();
    }
  });
});

if (testDatabaseKinds().includes('postgres')) {
  describe('advisory locks on postgres', () => {
    it('lets one of two holders run: the second gives up at once while the first holds the lock', async () => {
      const db = await createTestDatabase('postgres');
      try {
        let release!: () => void;
        const holding = new Promise<void>((resolve) => (release = resolve));
        let entered!: () => void;
        const inside = new Promise<void>((resolve) => (entered = resolve));
        const first = db.withAdvisoryLock(777, async () => {
          entered();
          await holding;
          return 'first';
        });
        await inside;
        expect(await db.withAdvisoryLock(777, async () => 'second')).toEqual({ ran: false });
        release();
        expect(await first).toEqual({ ran: true, value: 'first' });
        expect(await db.withAdvisoryLock(777, async () => 'third')).toEqual({ ran: true, value: 'third' });
      } finally {
        await db.close();
      }
    });
  });
}

describe('pendingMigrations', () => {
  const migrations = [
    { name: 'a', sql: '', checksum: '' },
    { name: 'b', sql: '', checksum: '' },
  ];

  it('stops asking the database once nothing is pending', async () => {
    const applied = jest.fn<Promise<string[]>, []>().mockResolvedValueOnce(['a']).mockResolvedValue(['a', 'b']);
    const pending = pendingMigrations(() => migrations, applied);
    expect(await pending()).toEqual(['b']);
    expect(await pending()).toEqual([]);
    expect(await pending()).toEqual([]);
    expect(applied).toHaveBeenCalledTimes(2);
  });
});

describe('withTimeout', () => {
  it('rejects when the work does not settle in time', async () => {
    await expect(withTimeout(new Promise(() => undefined), 10, 'ping')).rejects.toThrow('ping timed out after 10 ms');
    await expect(withTimeout(Promise.resolve(1), 1000)).resolves.toBe(1);
  });
});

describe('isDatabaseUnavailable', () => {
  const socket = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' });

  it.each([
    ['a refused connection', socket],
    ['an admin shutdown', { code: '57P01', message: 'terminating connection due to administrator command' }],
    ['a server starting up', { code: '57P03', message: 'the database system is starting up' }],
    ['a connection exception', { code: '08006', message: 'connection failure' }],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    ['Prisma P1001', { code: 'P1001', message: "Can't reach database server" }],
    ['Prisma P1017 wrapping the adapter', { code: 'P1017', meta: { driverAdapterError: { cause: { kind: 'ConnectionClosed' } } } }],
    ['an adapter error', { name: 'DriverAdapterError', cause: { kind: 'DatabaseNotReachable', host: '127.0.0.1' } }],
    ['a cause', new Error('query failed', { cause: socket })],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', { code: 'P2002', meta: { target: ['email'] } }],
    ['a syntax error', { code: '42601', message: 'syntax error at or near "SELEC"' }],
    ['a plain error', new Error('boom')],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
