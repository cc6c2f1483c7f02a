-- Admin search at scale (GET /admin/list-users over 100,000 users): indexes for the LIKE
-- patterns PrismaAdminUserDirectory sends. Email is stored lowercase and searched with
-- case-sensitive LIKE on the column itself ('x%', '%x%'); name with ILIKE ('%x%', 'x%').
--   user_email_pattern_idx  btree text_pattern_ops: email LIKE 'x%' (starts_with) under any
--                           collation (a plain btree serves LIKE only under the C collation)
--   user_email_trgm_idx     GIN trigrams: email LIKE '%x%' (contains) and '%x' (ends_with)
--   user_name_trgm_idx      GIN trigrams: name ILIKE '%x%', 'x%', '%x' (trigrams are case-blind)
-- PostgreSQL only: they need the pg_trgm extension (trusted since PostgreSQL 13, so a database
-- owner may create it). Where it cannot be created (the embedded PGlite, a role without the
-- right) nothing is created and searches stay correct, only slower. Nothing here is in
-- schema.prisma: migrate:diff replays migrations on PGlite, which skips the block, so it never
-- proposes to drop them.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX IF NOT EXISTS "user_email_pattern_idx" ON "user" ("email" text_pattern_ops);
      CREATE INDEX IF NOT EXISTS "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS "user_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops);
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'user search indexes skipped: %', SQLERRM;
    END;
  END IF;
END
$$;
