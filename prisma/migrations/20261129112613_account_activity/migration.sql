-- A user's recent security activity (GET /account-activity, issue 33): the page of their own
-- events (targetUserId) newest first comes from audit_event_targetUserId_createdAt_idx; its total,
-- a count of the actions the page shows, from this index alone (one range per action, no row
-- read). PGlite and PostgreSQL alike.

-- CreateIndex
CREATE INDEX "audit_event_activity_idx" ON "audit_event"("targetUserId", "action", "createdAt");
