// The audit log the `activity` group of `pnpm bench` reads (GET /account-activity, issue 33):
// `users` users with `perUser` security events each (sign-ins, failed passwords, password
// changes, ended sessions, second-factor changes, and events the page does not show), one minute
// apart, interleaved across users as a busy log is; and a session of the first user for
// `Authorization: Bearer`. One transaction of raw SQL, then VACUUM ANALYZE, as autovacuum does after
// an insert this large (it sets the visibility map the index-only count relies on).
import { seedInTransaction } from './lib.mjs';

export const ACTIVITY_USER = '0001a001-0000-4000-8000-000000000000';
export const ACTIVITY_TOKEN = 'BenchActivityToken0123456789abcd'; // 32 characters, as session tokens are
const ACTIONS = ['sign-in.success', 'sign-in.failure', 'sign-in.success', 'password.change', 'session.revoke', 'two-factor.enabled', 'organization.update', 'sign-out'];
const idOf = (column) => `lpad(to_hex(${column}), 4, '0') || 'a001-0000-4000-8000-000000000000'`;

/** Seeds the users, their events and the session into the database at `url` (already migrated). */
export async function seedActivity(url, { users = 20, perUser = 10_000 } = {}) {
  await seedInTransaction(
    url,
    async (client) => {
      await client.query(
        `INSERT INTO "user" (id, email, name, "emailVerified", "createdAt", "updatedAt")
         SELECT ${idOf('u')}, 'activity' || u || '@bench.example', 'Ada ' || u, true, now() - interval '1 year', now()
         FROM generate_series(1, $1) AS u`,
        [users],
      );
      await client.query(
        `INSERT INTO audit_event (id, "actorId", "targetUserId", action, "ipAddress", "userAgent", "createdAt")
         SELECT gen_random_uuid()::text, ${idOf('u')}, ${idOf('u')}, ($3::text[])[1 + (i % array_length($3::text[], 1))],
                '203.0.113.' || (i % 250), 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
                now() - (($2 - i) * $1 + u) * interval '1 minute'
         FROM generate_series(1, $1) AS u, generate_series(1, $2) AS i`,
        [users, perUser, ACTIONS],
      );
      await client.query(
        `INSERT INTO session (id, token, "userId", "expiresAt", "createdAt", "updatedAt")
         VALUES (gen_random_uuid()::text, $1, $2, now() + interval '7 days', now(), now())`,
        [ACTIVITY_TOKEN, ACTIVITY_USER],
      );
    },
    ['VACUUM ANALYZE audit_event', 'ANALYZE'],
  );
}
