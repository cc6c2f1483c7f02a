-- Member search (GET /organization/list-members with filterField=role, or sortBy=role): the
-- organization's members in role order, so a role filter (eq, in, lt…) or a sort by
-- role reads only its rows. PGlite and PostgreSQL alike. The search of the users' names and
-- emails (searchValue) uses the trigram indexes of 20261126092218_user_search_indexes
-- (PostgreSQL only, once the user table is large), then joins the members by userId.

-- CreateIndex
CREATE INDEX "member_organizationId_role_idx" ON "member"("organizationId", "role");
