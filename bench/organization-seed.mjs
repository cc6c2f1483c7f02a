// The large organization the member benchmarks list (bench/organizations-list-members.mjs and the
// `organizations` group of `pnpm bench`): `size` users, all members of one organization, joined
// one second apart (the listing's order); the first is the owner, every 100th an admin, the rest
// members; named after five pioneers and numbered ('Grace 42', member42@bench.example); and a
// session of the owner for `Authorization: Bearer`. One transaction of raw SQL (seedInTransaction), then ANALYZE.
import { seedInTransaction } from './lib.mjs';

export const BENCH_ORGANIZATION = '00000000-0000-4000-8000-00000000b0b0';
export const BENCH_OWNER = '00000001-0000-4000-8000-000000000000';
export const BENCH_OWNER_EMAIL = 'member1@bench.example';
export const BENCH_TOKEN = 'BenchSessionToken0123456789abcde'; // 32 characters, as session tokens are
const idOf = (column) => `lpad(to_hex(${column}), 8, '0') || '-0000-4000-8000-000000000000'`;

/** Seeds the organization into the database at `url` (already migrated). */
export async function seedOrganization(url, size) {
  await seedInTransaction(
    url,
    async (client) => {
      await client.query(
        `INSERT INTO "user" (id, email, name, "emailVerified", "createdAt", "updatedAt")
         SELECT ${idOf('i')}, 'member' || i || '@bench.example', (ARRAY['Ada','Grace','Alan','Edsger','Barbara'])[1 + i % 5] || ' ' || i, true,
                now() - ($1 - i) * interval '1 second', now()
         FROM generate_series(1, $1) AS i`,
        [size],
      );
      await client.query(`INSERT INTO organization (id, name, slug, "createdAt") VALUES ($1, 'Bench', 'bench', now() - interval '1 day')`, [BENCH_ORGANIZATION]);
      await client.query(
        `INSERT INTO member (id, "organizationId", "userId", role, "createdAt")
         SELECT gen_random_uuid()::text, $1, ${idOf('i')}, CASE WHEN i = 1 THEN 'owner' WHEN i % 100 = 0 THEN 'admin' ELSE 'member' END,
                now() - ($2 - i) * interval '1 second'
         FROM generate_series(1, $2) AS i`,
        [BENCH_ORGANIZATION, size],
      );
      await client.query(
        `INSERT INTO session (id, token, "userId", "expiresAt", "activeOrganizationId", "createdAt", "updatedAt")
         VALUES (gen_random_uuid()::text, $1, $2, now() + interval '7 days', $3, now(), now())`,
        [BENCH_TOKEN, BENCH_OWNER, BENCH_ORGANIZATION],
      );
    },
  );
}

/**
 * The searches the benchmarks time, as list-members query strings: the selective ones a person
 * types (a name and number, an email), and an unselective one (a first name: a fifth of them).
 */
export const MEMBER_SEARCHES = [
  ['search "grace 42" (name)', 'searchValue=grace%2042&limit=100'],
  ['search "member4217" (email)', 'searchValue=member4217&limit=100'],
  ['search "grace" (a fifth of them)', 'searchValue=grace&limit=100'],
  ['role admin, sorted by newest', 'filterField=role&filterValue=admin&sortDirection=desc&limit=100'],
];
