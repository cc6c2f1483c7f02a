import { randomUUID } from 'node:crypto';
import { createTestDatabase, testDatabaseKinds } from './testing/index.js';
import { parseUtcTimestamp } from './sql.js';

describe('parseUtcTimestamp', () => {
  it('reads PostgreSQL\'s ISO output of a timestamp without time zone as UTC', () => {
    expect(parseUtcTimestamp('2026-06-01 12:34:56.789')).toEqual(new Date(Date.UTC(2026, 5, 1, 12, 34, 56, 789)));
    expect(parseUtcTimestamp('2026-06-01 00:00:00')).toEqual(new Date(Date.UTC(2026, 5, 1)));
  });
});

describe.each(testDatabaseKinds())('sql handle on %s', (kind) => {
  const statement = 'SELECT "id", "email", "age", "banned", "notification", "image", "createdAt", "banExpires" FROM "user" WHERE "id" = $1';

  it('answers the rows of a parameterised statement, again and again under one name', async () => {
    const db = await createTestDatabase(kind);
    try {
      const id = randomUUID();
      await db.prisma.user.create({ data: { id, email: 'sql@example.com', name: 'S', age: 41, banned: true, notification: 'disabled' } });
      const runs = await Promise.all(Array.from({ length: 8 }, () => db.sql.query('tend_test_user_by_id', statement, [id])));
      for (const rows of runs) {
        expect(rows).toEqual([expect.objectContaining({ id, email: 'sql@example.com', age: 41, banned: true, notification: 'disabled', image: null, banExpires: null })]);
      }
      expect(await db.sql.query('tend_test_user_by_id', statement, [randomUUID()])).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('reads timestamps exactly as Prisma does, whatever the process time zone', async () => {
    const db = await createTestDatabase(kind);
    const zone = process.env.TZ;
    try {
      const id = randomUUID();
      const createdAt = new Date(Date.UTC(2026, 0, 15, 23, 30, 1, 234));
      const banExpires = new Date(Date.UTC(2026, 6, 1, 0, 0, 0, 5));
      await db.prisma.user.create({ data: { id, email: 'tz@example.com', name: 'T', createdAt, banExpires } });
      process.env.TZ = 'America/New_York';
      const [row] = await db.sql.query<{ createdAt: Date; banExpires: Date }>('tend_test_user_by_id', statement, [id]);
      const viaPrisma = await db.prisma.user.findUniqueOrThrow({ where: { id } });
      expect(row?.createdAt).toEqual(createdAt);
      expect(row?.banExpires).toEqual(banExpires);
      expect(row?.createdAt).toEqual(viaPrisma.createdAt);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
      await db.close();
    }
  });
});
